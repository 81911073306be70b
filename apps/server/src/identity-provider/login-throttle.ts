import type { Db } from '../db/client';
import { decrementCounters, deleteCounter, lockCounters, saveCounters, type CounterRow, type CounterWrite } from './throttle.repository';

/**
 * Slows down password guessing (the sign-in page, and the current-password check of a password
 * change) without letting strangers lock anyone out (docs/decisions/0014-sign-in-hardening.md,
 * 0028-shared-throttles-and-token-revocation.md).
 *
 * Three counters, each over a window that starts with its first attempt:
 * - account + client address: the guesser's own pair. Growing delay, then refused (429) until
 *   the window has passed. Only the guesser's address is refused; the owner signing in from
 *   another address is not.
 * - account (any address): a budget of attempts across all addresses. Within it, a small
 *   growing delay. Past it, the account's password checks are spaced out: each attempt takes
 *   the account's next free slot, the spacing doubling up to a cap, so guesses spread over many
 *   addresses are checked one after the other instead of all at once. Never a refusal, and no
 *   attempt waits longer than a capped time, so a stranger can slow the owner but never lock
 *   them out.
 * - client address (any account): growing delay, then refused, against one address trying
 *   many accounts.
 *
 * An attempt is counted when it starts, before the password is checked, so a burst of
 * concurrent guesses sees its own earlier members; a success takes its count back. The
 * counters live in PostgreSQL, so every app process shares them.
 */
export interface ThrottleDecision {
  /** Milliseconds to wait before checking the password. */
  delayMs: number;
  /** When set, the attempt is refused without checking the password. */
  refusedForMs?: number;
  /** Hands the attempt back after a successful check. */
  succeeded: () => Promise<void>;
}

export interface ThrottleOptions {
  windowMs: number;
  /** Attempts per account + address, and per address, before refusal. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Cap of the account-wide delay within the budget (the owner pays it too, so it stays small). */
  maxAccountDelayMs: number;
  /** Attempts on one account from all addresses together before its checks are spaced out. */
  accountBudget: number;
  /** Cap of the spacing between two checks of one account past its budget. */
  maxAccountSpacingMs: number;
  /** No attempt waits longer than this for its slot (the owner's worst case). */
  maxAccountWaitMs: number;
  /** The address counter allows this many times maxAttempts (several users behind one NAT). */
  addressFactor: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  windowMs: 15 * 60_000,
  maxAttempts: 10,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxAccountDelayMs: 1_000,
  accountBudget: 10,
  maxAccountSpacingMs: 2_000,
  maxAccountWaitMs: 30_000,
  addressFactor: 5,
};

export interface ThrottleKeys {
  pair: string;
  account: string;
  address: string;
}

export interface Ruling {
  delayMs: number;
  refusedForMs?: number;
  /** The counters after this attempt (none when refused: a refused attempt is not counted). */
  writes: CounterWrite[];
}

/** The first attempt of a window is free; each earlier attempt doubles the wait, capped. */
function delayFor(attemptsIncludingThis: number, base: number, cap: number): number {
  const earlier = attemptsIncludingThis - 1;
  return earlier <= 0 ? 0 : Math.min(base * 2 ** (earlier - 1), cap);
}

/** Decides one attempt from the counters as stored (missing or run-out ones count as empty). */
export function ruleOnAttempt(keys: ThrottleKeys, stored: Map<string, CounterRow>, nowMs: number, o: ThrottleOptions): Ruling {
  const current = (key: string): CounterRow => {
    const c = stored.get(key);
    return c && c.attempts > 0 && nowMs - c.windowStartedAt < o.windowMs
      ? c
      : { attempts: 0, windowStartedAt: nowMs, nextSlotAt: c?.nextSlotAt ?? null };
  };
  const pair = current(keys.pair);
  const account = current(keys.account);
  const address = current(keys.address);
  const refusedBy = [
    pair.attempts >= o.maxAttempts ? pair : undefined,
    address.attempts >= o.maxAttempts * o.addressFactor ? address : undefined,
  ].filter((c): c is CounterRow => !!c);
  if (refusedBy.length) {
    const until = Math.max(...refusedBy.map((c) => c.windowStartedAt + o.windowMs));
    return { delayMs: 0, refusedForMs: Math.max(1_000, until - nowMs), writes: [] };
  }
  const counted = (key: string, c: CounterRow, nextSlotAt: number | null = null): CounterWrite => ({
    key,
    attempts: c.attempts + 1,
    windowStartedAt: c.windowStartedAt,
    nextSlotAt,
    expiresAt: Math.max(c.windowStartedAt + o.windowMs, nextSlotAt ?? 0),
  });
  const pairAfter = counted(keys.pair, pair);
  const addressAfter = counted(keys.address, address);
  let accountAfter = counted(keys.account, account, account.nextSlotAt);
  let accountDelay = delayFor(accountAfter.attempts, o.baseDelayMs, o.maxAccountDelayMs);
  const beyondBudget = accountAfter.attempts - o.accountBudget;
  if (beyondBudget > 0) {
    const spacing = Math.min(o.baseDelayMs * 2 ** (beyondBudget - 1), o.maxAccountSpacingMs);
    const slot = Math.min(Math.max(nowMs, account.nextSlotAt ?? nowMs) + spacing, nowMs + o.maxAccountWaitMs);
    accountAfter = counted(keys.account, account, slot);
    accountDelay = Math.max(accountDelay, slot - nowMs);
  }
  const delayMs = Math.max(
    delayFor(pairAfter.attempts, o.baseDelayMs, o.maxDelayMs),
    accountDelay,
    delayFor(Math.ceil(addressAfter.attempts / o.addressFactor), o.baseDelayMs, o.maxDelayMs),
  );
  return { delayMs, writes: [pairAfter, accountAfter, addressAfter] };
}

export class LoginThrottle {
  private readonly opts: ThrottleOptions;

  /** scope keeps the counters of different checks apart ('sign-in', 'password-check'). */
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    opts: Partial<ThrottleOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.opts = { ...DEFAULT_THROTTLE, ...opts };
  }

  /** Counts this attempt and decides how it proceeds. */
  async attempt(account: string, address: string): Promise<ThrottleDecision> {
    const keys: ThrottleKeys = {
      pair: `${this.scope}:pair:${JSON.stringify([account, address])}`,
      account: `${this.scope}:account:${JSON.stringify(account)}`,
      address: `${this.scope}:address:${JSON.stringify(address)}`,
    };
    const nowMs = this.now();
    const ruling = await this.db.transaction().execute(async (trx) => {
      const stored = await lockCounters(trx, Object.values(keys), nowMs, nowMs + this.opts.windowMs);
      const r = ruleOnAttempt(keys, stored, nowMs, this.opts);
      await saveCounters(trx, r.writes);
      return r;
    });
    if (ruling.refusedForMs !== undefined) return { delayMs: 0, refusedForMs: ruling.refusedForMs, succeeded: async () => undefined };
    let handedBack = false;
    return {
      delayMs: ruling.delayMs,
      succeeded: async () => {
        if (handedBack) return;
        handedBack = true;
        // The owner got in: forget the pair's guesses; the shared counters lose this attempt only.
        await deleteCounter(this.db, keys.pair);
        await decrementCounters(this.db, [keys.account, keys.address]);
      },
    };
  }
}
