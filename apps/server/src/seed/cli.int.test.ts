import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFacility } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';

/** The administrator's commands (`npm run db:seed`, `npm run stats:recompute`) as a shell runs them. */
const root = path.resolve(__dirname, '../../../..');

function runCommand(file: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps/server/src/seed', file)], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe('command-line entries', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await makeFacility(t.db);
  });
  afterAll(() => t.drop());

  it('recomputes the statistics of the database at DATABASE_URL', async () => {
    const r = await runCommand('statistics-cli.ts', { DATABASE_URL: t.url });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Recomputed the statistics of 0 series in [\d.]+ s \(ranked from 10 years\)\.$/m);
    expect(r.code).toBe(0);
  });

  it('never seeds over existing data', async () => {
    const r = await runCommand('seed-cli.ts', { DATABASE_URL: t.url });
    expect(r.stdout).toContain('The database already has facilities or users; not seeding demo data.');
    expect(r.code).toBe(0);
  });

  it('says what is missing without DATABASE_URL, and a bad setting by its message, never a stack', async () => {
    const none = await runCommand('statistics-cli.ts', {});
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toMatch(/^Set DATABASE_URL to the database to recompute/);
    const seedNone = await runCommand('seed-cli.ts', {});
    expect(seedNone.code).toBe(1);
    expect(seedNone.stderr.trim()).toBe('Set DATABASE_URL, or run npm start which seeds the embedded database on first start');
    const bad = await runCommand('statistics-cli.ts', { DATABASE_URL: t.url, STATS_MIN_YEARS: 'many' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('STATS_MIN_YEARS');
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
