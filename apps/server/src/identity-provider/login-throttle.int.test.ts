import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { LoginThrottle } from './login-throttle';

// The throttle's counters live in PostgreSQL (shared by every app process); the clock is the
// test's, so windows and slots are exact.
describe('LoginThrottle', () => {
  const opts = {
    windowMs: 60_000,
    maxAttempts: 3,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    maxAccountDelayMs: 200,
    accountBudget: 6,
    maxAccountSpacingMs: 400,
    maxAccountWaitMs: 3_000,
    addressFactor: 2,
  };
  let t: TestDatabase;
  let now = 0;
  const throttle = (scope = 'sign-in') => new LoginThrottle(t.db, scope, opts, () => now);

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t.drop());
  beforeEach(async () => {
    now = 1_000_000;
    await sql`delete from throttle_counter`.execute(t.db);
  });

  it('answers the first attempt at once and doubles the wait for each further attempt of the pair', async () => {
    const th = throttle();
    expect((await th.attempt('a', 'ip1')).delayMs).toBe(0);
    expect((await th.attempt('a', 'ip1')).delayMs).toBe(100);
    expect((await th.attempt('a', 'ip1')).delayMs).toBe(200);
    now += 10;
    expect((await th.attempt('b', 'ip2')).delayMs).toBe(0);
  });

  it('counts an attempt before the password is checked, so a concurrent burst is refused past the limit', async () => {
    const th = throttle();
    // Nothing is reported back between these: they are in flight at the same time.
    const burst = await Promise.all(Array.from({ length: 8 }, () => th.attempt('a', 'ip1')));
    expect(burst.filter((d) => d.refusedForMs === undefined)).toHaveLength(3);
    expect(burst.filter((d) => d.refusedForMs === 60_000)).toHaveLength(5);
  });

  it('shares its counts between instances (as between app processes)', async () => {
    const [one, two] = [throttle(), throttle()];
    for (let i = 0; i < 3; i++) await [one, two][i % 2].attempt('a', 'ip1');
    expect((await two.attempt('a', 'ip1')).refusedForMs).toBe(60_000);
    expect((await one.attempt('a', 'ip1')).refusedForMs).toBe(60_000);
  });

  it('keeps the counts of different checks apart', async () => {
    for (let i = 0; i < 3; i++) await throttle('sign-in').attempt('a', 'ip1');
    expect((await throttle('sign-in').attempt('a', 'ip1')).refusedForMs).toBe(60_000);
    expect((await throttle('password-check').attempt('a', 'ip1')).refusedForMs).toBeUndefined();
  });

  it('refuses only the guessing pair: the owner from another address is slowed a little, never refused', async () => {
    const th = throttle();
    for (let i = 0; i < 3; i++) await th.attempt('a', 'stranger');
    expect((await th.attempt('a', 'stranger')).refusedForMs).toBe(60_000);
    const owner = await th.attempt('a', 'owner-ip');
    expect(owner.refusedForMs).toBeUndefined();
    expect(owner.delayMs).toBeLessThanOrEqual(200);
    now += 60_001;
    expect((await th.attempt('a', 'stranger')).refusedForMs).toBeUndefined();
  });

  it('spaces out the checks of one account guessed from many addresses, and never refuses the owner', async () => {
    const th = throttle();
    // Ten addresses, three guesses each (the pair limit), all at once: 30 guesses on one account.
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => th.attempt('a', `ip${i % 10}`)));
    expect(burst.every((d) => d.refusedForMs === undefined)).toBe(true);
    const delays = burst.map((d) => d.delayMs).sort((x, y) => x - y);
    // Within the budget (6) the small account delay; past it each check gets its own later slot:
    // spacing 100, 200, 400, 400, ... ms (the first also pays the in-budget delay), and no wait longer than 3 s.
    expect(delays.slice(0, 6).every((d) => d <= 200)).toBe(true);
    expect(delays.slice(6, 13)).toEqual([200, 300, 700, 1_100, 1_500, 1_900, 2_300]);
    expect(delays.slice(13).every((d) => d >= 2_300 && d <= 3_000)).toBe(true);
    // The owner, from yet another address: not refused, and waits at most the cap.
    const owner = await th.attempt('a', 'owner-ip');
    expect(owner.refusedForMs).toBeUndefined();
    expect(owner.delayMs).toBeLessThanOrEqual(3_000);
    // Once the slots have passed, the spacing is measured from the present again.
    now += 60_001;
    expect((await th.attempt('a', 'owner-ip')).delayMs).toBe(0);
  });

  it('refuses one address that tries many accounts', async () => {
    const th = throttle();
    for (let i = 0; i < 6; i++) expect((await th.attempt(`user${i}`, 'ip1')).refusedForMs).toBeUndefined();
    expect((await th.attempt('user7', 'ip1')).refusedForMs).toBe(60_000);
    expect((await th.attempt('user7', 'ip2')).refusedForMs).toBeUndefined();
  });

  it('forgets the pair after a success and takes the attempt back from the shared counters', async () => {
    const th = throttle();
    await th.attempt('a', 'ip1');
    await th.attempt('a', 'ip1');
    await (await th.attempt('a', 'ip1')).succeeded();
    // The pair starts again: three more attempts before refusal.
    const next = [await th.attempt('a', 'ip1'), await th.attempt('a', 'ip1'), await th.attempt('a', 'ip1')];
    expect(next.every((d) => d.refusedForMs === undefined)).toBe(true);
    expect((await th.attempt('a', 'ip1')).refusedForMs).toBe(60_000);
  });
});
