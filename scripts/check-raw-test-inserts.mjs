// `npm run lint` runs this: integration tests and fixtures build rows with the factories, and the
// raw `insert into` they may still hold are listed, per file, in raw-test-inserts.allowlist.
import fs from 'node:fs';
import path from 'node:path';
import { checkRawInserts, findRawInserts, parseAllowlist } from '../eslint-rules/raw-test-inserts.js';

const root = process.cwd();
const allowlistFile = path.join('scripts', 'raw-test-inserts.allowlist');
const { allowances, problems: malformed } = parseAllowlist(fs.readFileSync(path.join(root, allowlistFile), 'utf8'));
const problems = [...malformed.map((p) => `${allowlistFile}: ${p}`), ...checkRawInserts(findRawInserts(root), allowances)];
for (const p of problems) console.error(p);
if (problems.length > 0) {
  console.error(`\n${problems.length} raw-insert problem(s). The allowlist (${allowlistFile}) may only shrink.`);
  process.exit(1);
}
