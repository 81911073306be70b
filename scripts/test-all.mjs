// `npm test`: lint, typecheck, unit, integration (real PostgreSQL) and end-to-end tests
// (Debian Chromium), one after another, then one summary line.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const results = [];

// A step run beside another keeps its output until it ends, so the two never interleave.
function run(name, command, args, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const header = `\n=== ${name}: ${command} ${args.join(' ')}\n`;
    if (!buffered) process.stdout.write(header);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', buffered ? 'pipe' : 'inherit'], env: process.env });
    let out = '';
    let shown = '';
    child.stdout.on('data', (d) => {
      out += d.toString();
      if (buffered) shown += d.toString();
      else process.stdout.write(d);
    });
    child.stderr?.on('data', (d) => {
      shown += d.toString();
    });
    child.on('close', (code) => {
      if (buffered) process.stdout.write(header + shown);
      resolve({ code: code ?? 1, out, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

function vitestCounts(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  } catch {
    return undefined;
  }
}

async function step(name, command, args, counts, options) {
  // The summary lists the steps in the order they were started.
  const slot = results.push(undefined) - 1;
  const r = await run(name, command, args, options);
  const c = counts?.(r) ?? { passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, skipped: 0 };
  // A runner that crashed before reporting counts as one failure.
  if (r.code !== 0 && c.failed === 0) c.failed = 1;
  results[slot] = { name, code: r.code, seconds: r.seconds, ...c };
}

const npx = 'npx';
// Lint and typecheck each use one core: on a two-core machine they run side by side.
await Promise.all([
  step('lint', 'npm', ['run', '--silent', 'lint'], undefined, { buffered: true }),
  step('typecheck', 'npm', ['run', '--silent', 'typecheck'], undefined, { buffered: true }),
]);
const unitJson = path.join(tmp, 'unit.json');
await step(
  'unit',
  npx,
  ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`],
  () => vitestCounts(unitJson),
);
const intJson = path.join(tmp, 'integration.json');
await step(
  'integration',
  npx,
  ['vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${intJson}`],
  () => vitestCounts(intJson),
);
await step('e2e', 'npm', ['run', '--silent', 'test:e2e'], (r) => {
  // The runner's own total line sums every spec file; node:test's `ℹ` lines are one file's each.
  const total = /^e2e: \d+ spec files in \d+ lane\(s\), (\d+) passed, (\d+) failed/m.exec(r.out);
  const sum = (label) => [...r.out.matchAll(new RegExp(`^ℹ ${label} (\\d+)$`, 'gm'))].reduce((a, m) => a + Number(m[1]), 0);
  return { passed: Number(total?.[1] ?? sum('pass')), failed: Number(total?.[2] ?? sum('fail')), skipped: sum('skipped') };
});

fs.rmSync(tmp, { recursive: true, force: true });
console.log('\n=== Summary');
for (const r of results) {
  console.log(
    `${r.name.padEnd(12)} ${r.code === 0 ? 'ok  ' : 'FAIL'} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  (${r.seconds}s)`,
  );
}
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + (r.skipped ?? 0), 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
// A runner's exit code alone is not trusted: a failed count fails the run too.
process.exit(results.every((r) => r.code === 0 && r.failed === 0) ? 0 : 1);
