import type { Db } from '../db/client';
import { decrementCounters, deleteCounter, lockCounters, saveCounters, type CounterRow, type CounterWrite } from './throttle.repository';

/**
 * Slows down password guessing (the sign-in page, and the current-password check of a password
 * change) without letting strangers lock the owner out (docs/decisions/0014-sign-in-hardening.md,
 * 0028-shared-throttles-and-account-revocation.md, 0040-account-budget-and-device-cookies.md).
 *
 * A browser that shows the account's device cookie (device-cookies.ts) is held by one counter
 * only, its own: growing delay, then refused (429) until its window has passed.
 *
 * Any other attempt meets three counters, each over a window that starts with its first attempt:
 * - account + client address: the guesser's own pair. Growing delay, then refused until the
 *   window has passed.
 * - account (any address): a budget of attempts across all addresses. Past it, each attempt
 *   books the account's next check: the wait before the one after doubles up to a cap, and until
 *   then every attempt without the device cookie is refused with the time left. So at most
 *   budget + (window / cap) guesses an hour reach the check however many addresses guess, and
 *   the owner's own browsers, which carry the device cookie, are not held by it.
 * - client address (any account): growing delay, then refused, against one address trying
 *   many accounts.
 *
 * An attempt is counted when it starts, before the password is checked, so a burst of
 * concurrent guesses sees its own earlier members; a success takes its count back. The
 * counters live in PostgreSQL, so every app process shares them.
 */
export type RefusedBy = 'pair' | 'account' | 'address' | 'device';

export interface ThrottleDecision {
  /** Milliseconds to wait before checking the password. */
  delayMs: number;
  /** When set, the attempt is refused without checking the password. */
  refusedForMs?: number;
  /** Which counter refused it (the one with the longest wait). */
  refusedBy?: RefusedBy;
  /** Hands the attempt back after a successful check. */
  succeeded: () => Promise<void>;
}

export interface ThrottleOptions {
  /** Window of the pair, device and address counters. */
  windowMs: number;
  /** Attempts per account + address, and per trusted device, before refusal. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The address counter allows this many times maxAttempts (several users behind one NAT). */
  addressFactor: number;
  /**
   * Attempts on one account from browsers without its device cookie before its checks wait;
   * null for checks that must never wait on the account (asking for a reset link).
   */
  accountBudget: number | null;
  /** Window of the account counter. */
  accountWindowMs: number;
  /** The wait booked by the first attempt past the budget; each later one doubles it. */
  accountFirstWaitMs: number;
  /** Cap of the wait between two checks of one account past its budget. */
  maxAccountWaitMs: number;
}

/** At most 5 + 6 + 58 = 69 guesses an hour on one account from browsers it does not know. */
export const DEFAULT_THROTTLE: ThrottleOptions = {
  windowMs: 15 * 60_000,
  maxAttempts: 10,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  addressFactor: 5,
  accountBudget: 5,
  accountWindowMs: 60 * 60_000,
  accountFirstWaitMs: 1_000,
  maxAccountWaitMs: 60_000,
};

/** Options plus the clock the counters are read with (tests move it on by hand). */
export type ThrottleSettings = Partial<ThrottleOptions> & { now?: () => number };

export interface ThrottleKeys {
  pair: string;
  account: string;
  address: string;
}

export interface Ruling {
  delayMs: number;
  refusedForMs?: number;
  refusedBy?: RefusedBy;
  /** The counters after this attempt (none when refused: a refused attempt is not counted). */
  writes: CounterWrite[];
}

/** The first attempt of a window is free; each earlier attempt doubles the wait, capped. */
function delayFor(attemptsIncludingThis: number, base: number, cap: number): number {
  const earlier = attemptsIncludingThis - 1;
  return earlier <= 0 ? 0 : Math.min(base * 2 ** (earlier - 1), cap);
}

/** A stored counter, or an empty one when missing or its window has run out (a booked slot outlives the window). */
function currentCounter(stored: Map<string, CounterRow>, key: string, nowMs: number, windowMs: number): CounterRow {
  const c = stored.get(key);
  return c && c.attempts > 0 && nowMs - c.windowStartedAt < windowMs
    ? c
    : { attempts: 0, windowStartedAt: nowMs, nextSlotAt: c?.nextSlotAt ?? null };
}

function counted(key: string, c: CounterRow, windowMs: number, nextSlotAt: number | null = null): CounterWrite {
  return {
    key,
    attempts: c.attempts + 1,
    windowStartedAt: c.windowStartedAt,
    nextSlotAt,
    expiresAt: Math.max(c.windowStartedAt + windowMs, nextSlotAt ?? 0),
  };
}

function refusal(waits: { by: RefusedBy; until: number }[], nowMs: number): Ruling | undefined {
  if (!waits.length) return undefined;
  const longest = waits.reduce((a, b) => (b.until > a.until ? b : a));
  return { delayMs: 0, refusedForMs: Math.max(1_000, longest.until - nowMs), refusedBy: longest.by, writes: [] };
}

/** Decides one attempt from a browser carrying the account's device cookie: only its own counter holds it. */
export function ruleOnDeviceAttempt(key: string, stored: Map<string, CounterRow>, nowMs: number, o: ThrottleOptions): Ruling {
  const device = currentCounter(stored, key, nowMs, o.windowMs);
  const refused = refusal(device.attempts >= o.maxAttempts ? [{ by: 'device', until: device.windowStartedAt + o.windowMs }] : [], nowMs);
  if (refused) return refused;
  const after = counted(key, device, o.windowMs);
  return { delayMs: delayFor(after.attempts, o.baseDelayMs, o.maxDelayMs), writes: [after] };
}

/** Decides one attempt from any other browser, from the counters as stored. */
export function ruleOnAttempt(keys: ThrottleKeys, stored: Map<string, CounterRow>, nowMs: number, o: ThrottleOptions): Ruling {
  const pair = currentCounter(stored, keys.pair, nowMs, o.windowMs);
  const account = currentCounter(stored, keys.account, nowMs, o.accountWindowMs);
  const address = currentCounter(stored, keys.address, nowMs, o.windowMs);
  const waits: { by: RefusedBy; until: number }[] = [];
  if (pair.attempts >= o.maxAttempts) waits.push({ by: 'pair', until: pair.windowStartedAt + o.windowMs });
  if (address.attempts >= o.maxAttempts * o.addressFactor) waits.push({ by: 'address', until: address.windowStartedAt + o.windowMs });
  if (o.accountBudget !== null && account.nextSlotAt !== null && account.nextSlotAt > nowMs) {
    waits.push({ by: 'account', until: account.nextSlotAt });
  }
  const refused = refusal(waits, nowMs);
  if (refused) return refused;
  const pairAfter = counted(keys.pair, pair, o.windowMs);
  const addressAfter = counted(keys.address, address, o.windowMs);
  const beyondBudget = o.accountBudget === null ? 0 : account.attempts + 1 - o.accountBudget;
  const nextSlotAt = beyondBudget > 0 ? nowMs + Math.min(o.accountFirstWaitMs * 2 ** (beyondBudget - 1), o.maxAccountWaitMs) : null;
  const accountAfter = counted(keys.account, account, o.accountWindowMs, nextSlotAt);
  const delayMs = Math.max(
    delayFor(pairAfter.attempts, o.baseDelayMs, o.maxDelayMs),
    delayFor(Math.ceil(addressAfter.attempts / o.addressFactor), o.baseDelayMs, o.maxDelayMs),
  );
  return { delayMs, writes: [pairAfter, accountAfter, addressAfter] };
}

export class LoginThrottle {
  private readonly opts: ThrottleOptions;
  private readonly now: () => number;

  /** scope keeps the counters of different checks apart ('sign-in', 'password-check'). */
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    settings: ThrottleSettings = {},
    now?: () => number,
  ) {
    const { now: settingsNow, ...opts } = settings;
    this.opts = { ...DEFAULT_THROTTLE, ...opts };
    this.now = now ?? settingsNow ?? Date.now;
  }

  /**
   * Counts this attempt and decides how it proceeds. `device` is the device id of a browser
   * that showed this account's device cookie (DeviceCookies.trustedFor).
   */
  async attempt(account: string, address: string, device?: string): Promise<ThrottleDecision> {
    const keys: ThrottleKeys = {
      pair: `${this.scope}:pair:${JSON.stringify([account, address])}`,
      account: `${this.scope}:account:${JSON.stringify(account)}`,
      address: `${this.scope}:address:${JSON.stringify(address)}`,
    };
    const deviceKey = device === undefined ? undefined : `${this.scope}:device:${JSON.stringify(device)}`;
    const nowMs = this.now();
    const ruling = await this.db.transaction().execute(async (trx) => {
      const locked = deviceKey ? [deviceKey] : Object.values(keys);
      const stored = await lockCounters(trx, locked, nowMs, nowMs + this.opts.windowMs);
      const r = deviceKey ? ruleOnDeviceAttempt(deviceKey, stored, nowMs, this.opts) : ruleOnAttempt(keys, stored, nowMs, this.opts);
      await saveCounters(trx, r.writes);
      return r;
    });
    if (ruling.refusedForMs !== undefined) {
      return { delayMs: 0, refusedForMs: ruling.refusedForMs, refusedBy: ruling.refusedBy, succeeded: async () => undefined };
    }
    let handedBack = false;
    return {
      delayMs: ruling.delayMs,
      succeeded: async () => {
        if (handedBack) return;
        handedBack = true;
        // The owner got in: forget the pair's (or the device's) guesses; the shared counters lose this attempt only.
        if (deviceKey) return deleteCounter(this.db, deviceKey);
        await deleteCounter(this.db, keys.pair);
        await decrementCounters(this.db, [keys.account, keys.address]);
      },
    };
  }
}

/** "N seconds" below a minute and a half, else "N minutes": how long a refused caller waits. */
export function waitInWords(ms: number): string {
  if (ms < 90_000) {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
