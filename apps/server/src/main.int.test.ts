import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function start(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stderr: r.stderr.trim(), stdout: r.stdout };
}

describe('start-up with bad configuration', () => {
  it.each([
    [{ PORT: 'abc' }, 'Configuration error: Invalid PORT="abc": expected a port number 1-65535'],
    [
      { DATABASE_URL: 'mysql://localhost/x' },
      'Configuration error: Invalid DATABASE_URL="mysql://localhost/x": expected a postgres:// or postgresql:// connection URL',
    ],
    [{ BASEMAPS: 'maybe' }, 'Configuration error: Invalid BASEMAPS="maybe": expected online or offline'],
  ])('stops with exit code 1 and one clear line (%o)', (env, line) => {
    const r = start(env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(line);
  });
});
