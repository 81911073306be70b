import fs from 'node:fs'; import zlib from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
const [dir, ...roots] = process.argv.slice(2);
const byPkg = {};
for (const f of roots) {
  const code = fs.readFileSync(`${dir}/${f}`, 'utf8'); const m = JSON.parse(fs.readFileSync(`${dir}/${f}.map`, 'utf8'));
  const br = zlib.brotliCompressSync(Buffer.from(code)).length; const ratio = br / code.length;
  const lines = code.split('\n'); const dec = decode(m.mappings);
  dec.forEach((segs, li) => { const L = lines[li] ?? ''; segs.forEach((s, k) => { const end = k + 1 < segs.length ? segs[k + 1][0] : L.length; const len = end - s[0]; if (s.length < 2) return;
    const src = m.sources[s[1]]; let key; const nm = src.lastIndexOf('node_modules/');
    if (nm >= 0) { const r = src.slice(nm + 13).split('/'); key = r[0].startsWith('@') ? r[0] + '/' + r[1] : r[0]; if (key === '@mui/material') key += '/' + (r[2] === 'esm' ? r[3] : r[2]); }
    else key = src.replace(/^(\.\.\/)+/, '').split('/').slice(0, 4).join('/');
    byPkg[key] = (byPkg[key] || 0) + len * ratio; }); });
}
const rows = Object.entries(byPkg).sort((a, b) => b[1] - a[1]); let t = 0; rows.forEach(r => t += r[1]);
console.log('total est br KB', (t / 1024).toFixed(1));
for (const [k, v] of rows.slice(0, Number(process.env.TOP ?? 40))) console.log((v / 1024).toFixed(1), k);
