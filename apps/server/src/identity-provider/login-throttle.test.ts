import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const opts = { windowMs: 60_000, maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxAccountDelayMs: 200, addressFactor: 2 };

  it('answers the first attempt at once and doubles the wait for each further attempt of the pair', () => {
    let now = 0;
    const t = new LoginThrottle(opts, () => now);
    expect(t.attempt('a', 'ip1').delayMs).toBe(0);
    expect(t.attempt('a', 'ip1').delayMs).toBe(100);
    expect(t.attempt('a', 'ip1').delayMs).toBe(200);
    now = 10;
    expect(t.attempt('b', 'ip2').delayMs).toBe(0);
  });

  it('counts an attempt before the password is checked, so a concurrent burst is refused past the limit', () => {
    const t = new LoginThrottle(opts, () => 0);
    // Nothing is reported back between these: they are in flight at the same time.
    const burst = Array.from({ length: 8 }, () => t.attempt('a', 'ip1'));
    expect(burst.filter((d) => d.refusedForMs === undefined)).toHaveLength(3);
    expect(burst.slice(3).every((d) => d.refusedForMs === 60_000)).toBe(true);
  });

  it('refuses only the guessing pair: the owner from another address is slowed a little, never refused', () => {
    let now = 0;
    const t = new LoginThrottle(opts, () => now);
    for (let i = 0; i < 3; i++) t.attempt('a', 'stranger');
    expect(t.attempt('a', 'stranger').refusedForMs).toBe(60_000);
    const owner = t.attempt('a', 'owner-ip');
    expect(owner.refusedForMs).toBeUndefined();
    expect(owner.delayMs).toBeLessThanOrEqual(200);
    now = 60_001;
    expect(t.attempt('a', 'stranger').refusedForMs).toBeUndefined();
  });

  it('refuses one address that tries many accounts', () => {
    const t = new LoginThrottle(opts, () => 0);
    for (let i = 0; i < 6; i++) expect(t.attempt(`user${i}`, 'ip1').refusedForMs).toBeUndefined();
    expect(t.attempt('user7', 'ip1').refusedForMs).toBe(60_000);
    expect(t.attempt('user7', 'ip2').refusedForMs).toBeUndefined();
  });

  it('forgets the pair after a success and takes the attempt back from the shared counters', () => {
    const t = new LoginThrottle(opts, () => 0);
    t.attempt('a', 'ip1');
    t.attempt('a', 'ip1');
    t.attempt('a', 'ip1').succeeded();
    // The pair starts again: three more attempts before refusal.
    const next = [t.attempt('a', 'ip1'), t.attempt('a', 'ip1'), t.attempt('a', 'ip1')];
    expect(next.every((d) => d.refusedForMs === undefined)).toBe(true);
    expect(t.attempt('a', 'ip1').refusedForMs).toBe(60_000);
  });
});
