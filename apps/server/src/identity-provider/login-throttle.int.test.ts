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
    addressFactor: 2,
    accountBudget: 4,
    accountWindowMs: 600_000,
    accountFirstWaitMs: 1_000,
    maxAccountWaitMs: 8_000,
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

  it('refuses only the guessing pair: the owner from another address is not held by it', async () => {
    const th = throttle();
    for (let i = 0; i < 3; i++) await th.attempt('a', 'stranger');
    expect((await th.attempt('a', 'stranger')).refusedBy).toBe('pair');
    const owner = await th.attempt('a', 'owner-ip');
    expect(owner.refusedForMs).toBeUndefined();
    expect(owner.delayMs).toBe(0);
    now += 60_001;
    expect((await th.attempt('a', 'stranger')).refusedForMs).toBeUndefined();
  });

  it('past the budget of one account, guesses from any addresses wait for the next check, booked further apart each time', async () => {
    const th = throttle();
    // Ten addresses at once on one account: the budget (4) and the first check past it go through.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => th.attempt('a', `ip${i}`)));
    expect(burst.filter((d) => d.refusedForMs === undefined)).toHaveLength(5);
    const refused = burst.filter((d) => d.refusedForMs !== undefined);
    expect(refused.every((d) => d.refusedBy === 'account' && d.refusedForMs === 1_000)).toBe(true);
    // Each later check books a wait twice the last, up to the cap: 2 s, 4 s, 8 s, 8 s.
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      now += refused[0].refusedForMs ?? 0;
      const taken = await th.attempt('a', `ip${20 + i}`);
      expect(taken.refusedForMs).toBeUndefined();
      const next = await th.attempt('a', `ip${40 + i}`);
      waits.push(next.refusedForMs!);
      refused[0] = next;
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('a browser with the device cookie is held only by its own count, not by the account budget nor its address', async () => {
    const th = throttle();
    for (let i = 0; i < 10; i++) await th.attempt('a', `ip${i}`);
    expect((await th.attempt('a', 'owner-ip')).refusedBy).toBe('account');
    // The device, from an address a guesser used: checked at once.
    const owner = await th.attempt('a', 'ip0', 'device-1');
    expect(owner.refusedForMs).toBeUndefined();
    expect(owner.delayMs).toBe(0);
    // Its own guesses are counted on it: three (maxAttempts), then refused for the window.
    await th.attempt('a', 'ip1', 'device-1');
    await th.attempt('a', 'ip2', 'device-1');
    expect((await th.attempt('a', 'ip3', 'device-1')).refusedBy).toBe('device');
    expect((await th.attempt('a', 'ip3', 'device-2')).refusedForMs).toBeUndefined();
    // A success forgets the device's count.
    await (await th.attempt('a', 'ip3', 'device-2')).succeeded();
    const again = await Promise.all([1, 2, 3].map(() => th.attempt('a', 'ip3', 'device-2')));
    expect(again.every((d) => d.refusedForMs === undefined)).toBe(true);
  });

  it('without an account budget (reset-link requests) guesses spread over addresses are never held on the account', async () => {
    const th = new LoginThrottle(t.db, 'password-reset-request', { ...opts, accountBudget: null }, () => now);
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => th.attempt('a', `ip${i}`)));
    expect(all.every((d) => d.refusedForMs === undefined)).toBe(true);
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
