import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const opts = { windowMs: 60_000, maxFailures: 3, baseDelayMs: 100, maxDelayMs: 1_000 };

  it('answers at once before any failure and doubles the wait after each failure', () => {
    let now = 0;
    const t = new LoginThrottle(opts, () => now);
    expect(t.check(['a'])).toEqual({ delayMs: 0 });
    t.recordFailure(['a']);
    expect(t.check(['a']).delayMs).toBe(100);
    t.recordFailure(['a']);
    expect(t.check(['a']).delayMs).toBe(200);
    now = 10;
    expect(t.check(['b']).delayMs).toBe(0);
  });

  it('locks after the limit until the window passes, and success clears it', () => {
    let now = 0;
    const t = new LoginThrottle(opts, () => now);
    for (let i = 0; i < 3; i++) t.recordFailure(['a', 'ip']);
    expect(t.check(['a']).lockedForMs).toBe(60_000);
    expect(t.check(['other', 'ip']).lockedForMs).toBe(60_000);
    now = 60_001;
    expect(t.check(['a'])).toEqual({ delayMs: 0 });
    t.recordFailure(['a']);
    t.recordSuccess(['a']);
    expect(t.check(['a'])).toEqual({ delayMs: 0 });
  });
});
