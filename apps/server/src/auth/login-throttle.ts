/**
 * Slows down repeated failed sign-ins per account and per client address: each failure in
 * the window doubles the wait before the next answer (capped), and past a limit further
 * attempts are refused until the window has passed. Kept in memory: a restart forgets it,
 * which is acceptable for the embedded IdP of one district.
 */
export interface ThrottleDecision {
  /** Milliseconds to wait before answering this attempt. */
  delayMs: number;
  /** When set, the attempt is refused without checking the password. */
  lockedForMs?: number;
}

interface Entry {
  failures: number;
  firstFailureAt: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly opts = { windowMs: 15 * 60_000, maxFailures: 10, baseDelayMs: 250, maxDelayMs: 4_000 },
    private readonly now: () => number = Date.now,
  ) {}

  check(keys: string[]): ThrottleDecision {
    let worst = 0;
    let oldest = Infinity;
    for (const key of keys) {
      const e = this.current(key);
      if (!e) continue;
      worst = Math.max(worst, e.failures);
      oldest = Math.min(oldest, e.firstFailureAt);
    }
    if (worst >= this.opts.maxFailures) {
      return { delayMs: this.opts.baseDelayMs, lockedForMs: oldest + this.opts.windowMs - this.now() };
    }
    const delayMs = worst === 0 ? 0 : Math.min(this.opts.baseDelayMs * 2 ** (worst - 1), this.opts.maxDelayMs);
    return { delayMs };
  }

  recordFailure(keys: string[]): void {
    for (const key of keys) {
      const e = this.current(key);
      if (e) e.failures += 1;
      else this.entries.set(key, { failures: 1, firstFailureAt: this.now() });
    }
    this.prune();
  }

  recordSuccess(keys: string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  private current(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && this.now() - e.firstFailureAt > this.opts.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private prune(): void {
    if (this.entries.size < 10_000) return;
    for (const key of [...this.entries.keys()]) this.current(key);
  }
}
