// After `vite build`: writes .br and .gz beside every hashed asset worth compressing, once, at
// the highest levels (the server then sends them as they are instead of compressing each request).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist', 'assets');
const worth = /\.(js|mjs|css|svg|json|wasm)$/;
let files = 0;
let raw = 0;
let brotli = 0;
for (const name of fs.readdirSync(dir)) {
  if (!worth.test(name)) continue;
  const file = path.join(dir, name);
  const body = fs.readFileSync(file);
  if (body.length < 1024) continue;
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files += 1;
  raw += body.length;
  brotli += br.length;
}
console.log(`precompressed ${files} assets: ${(raw / 1e6).toFixed(2)} MB -> ${(brotli / 1e6).toFixed(2)} MB brotli`);
