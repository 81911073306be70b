/**
 * Slows down guessing on the embedded sign-in page without letting strangers lock anyone out
 * (docs/decisions/0014-sign-in-hardening.md).
 *
 * Three counters, each over a sliding window:
 * - account + client address: the guesser's own pair. Growing delay, then refused (429) until
 *   the window has passed. Only the guesser's address is refused; the owner signing in from
 *   another address is not.
 * - account (any address): growing delay only, capped low, never a refusal, so a distributed
 *   guesser is slowed while the owner can always still sign in.
 * - client address (any account): growing delay, then refused, against one address trying
 *   many accounts.
 *
 * An attempt is counted when it starts, before the password is checked, so a burst of
 * concurrent guesses sees its own earlier members; a success takes its count back.
 * Kept in memory: a restart forgets it, which is acceptable for one district's sign-in.
 */
export interface ThrottleDecision {
  /** Milliseconds to wait before checking the password. */
  delayMs: number;
  /** When set, the attempt is refused without checking the password. */
  refusedForMs?: number;
  /** Hands the attempt back after a successful sign-in. */
  succeeded: () => void;
}

export interface ThrottleOptions {
  windowMs: number;
  /** Attempts per account + address, and per address, before refusal. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Cap of the account-wide delay (the owner pays it too, so it stays small). */
  maxAccountDelayMs: number;
  /** The address counter allows this many times maxAttempts (several users behind one NAT). */
  addressFactor: number;
}

const DEFAULTS: ThrottleOptions = {
  windowMs: 15 * 60_000,
  maxAttempts: 10,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxAccountDelayMs: 1_000,
  addressFactor: 5,
};

interface Entry {
  attempts: number;
  firstAt: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly opts: ThrottleOptions;

  constructor(
    opts: Partial<ThrottleOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** Counts this attempt and decides how it proceeds. */
  attempt(account: string, address: string): ThrottleDecision {
    const keys = { pair: `pair:${account}\u0000${address}`, account: `account:${account}`, address: `address:${address}` };
    const pair = this.current(keys.pair);
    const byAddress = this.current(keys.address);
    const o = this.opts;
    const refusedBy = [
      pair && pair.attempts >= o.maxAttempts ? pair : undefined,
      byAddress && byAddress.attempts >= o.maxAttempts * o.addressFactor ? byAddress : undefined,
    ].filter((e): e is Entry => !!e);
    if (refusedBy.length) {
      const until = Math.max(...refusedBy.map((e) => e.firstAt + o.windowMs));
      return { delayMs: 0, refusedForMs: Math.max(1_000, until - this.now()), succeeded: () => undefined };
    }
    const counted = [keys.pair, keys.account, keys.address].map((k) => this.count(k));
    const [pairCount, accountCount, addressCount] = counted;
    const delayMs = Math.max(
      this.delayFor(pairCount, o.maxDelayMs),
      this.delayFor(accountCount, o.maxAccountDelayMs),
      this.delayFor(Math.ceil(addressCount / o.addressFactor), o.maxDelayMs),
    );
    let handedBack = false;
    return {
      delayMs,
      succeeded: () => {
        if (handedBack) return;
        handedBack = true;
        // The owner got in: forget the pair's guesses; the shared counters lose this attempt only.
        this.entries.delete(keys.pair);
        for (const k of [keys.account, keys.address]) {
          const e = this.entries.get(k);
          if (e) e.attempts = Math.max(0, e.attempts - 1);
        }
      },
    };
  }

  /** The first attempt of a window is free; each earlier attempt doubles the wait, capped. */
  private delayFor(attemptsIncludingThis: number, cap: number): number {
    const earlier = attemptsIncludingThis - 1;
    return earlier <= 0 ? 0 : Math.min(this.opts.baseDelayMs * 2 ** (earlier - 1), cap);
  }

  private count(key: string): number {
    const e = this.current(key);
    if (e) {
      e.attempts += 1;
      return e.attempts;
    }
    this.entries.set(key, { attempts: 1, firstAt: this.now() });
    this.prune();
    return 1;
  }

  private current(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && this.now() - e.firstAt > this.opts.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private prune(): void {
    if (this.entries.size < 50_000) return;
    for (const key of [...this.entries.keys()]) this.current(key);
  }
}
