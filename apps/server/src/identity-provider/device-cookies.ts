import crypto from 'node:crypto';
import type { Db } from '../db/client';
import { isTrustedDevice, replaceTrustedDevice } from './trusted-device.repository';

/** The cookie a browser gets when it signs in to an account (or resets its password). */
export const DEVICE_COOKIE = 'portal_device';

export interface DeviceCookieOptions {
  /** How long a browser stays trusted after its last sign-in. */
  maxAgeMs: number;
  /** An account trusts at most this many browsers; the oldest go first. */
  perAccount: number;
}

export const DEFAULT_DEVICE_COOKIES: DeviceCookieOptions = { maxAgeMs: 180 * 86_400_000, perAccount: 10 };

const VERSION = 'v1';

/**
 * Device cookies: a browser that signed in to an account before carries a cookie naming that
 * account and a random device id, signed with a key only the server knows (HMAC-SHA256). Such a
 * browser is not held by the account's guessing budget, only by its own, so strangers guessing
 * the password from elsewhere cannot keep the owner out. The cookie is httpOnly, SameSite=Lax,
 * Secure when the portal is served over https, and rotates at every sign-in: the device id it
 * named is forgotten and a new one issued. A cookie counts only while its device is on record.
 */
export class DeviceCookies {
  private readonly opts: DeviceCookieOptions;

  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    private readonly secure: boolean,
    opts: Partial<DeviceCookieOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.opts = { ...DEFAULT_DEVICE_COOKIES, ...opts };
  }

  /** The device id of the request's cookie when it is ours, names this account and is on record. */
  async trustedFor(cookieHeader: string | undefined, userId: string | undefined): Promise<string | undefined> {
    if (!userId) return undefined;
    const value = readCookie(cookieHeader, DEVICE_COOKIE);
    const parts = value?.split('.');
    if (!parts || parts.length !== 4 || parts[0] !== VERSION) return undefined;
    const [, account, deviceId, signature] = parts;
    if (!/^[A-Za-z0-9_-]{22,64}$/.test(deviceId) || !this.signatureMatches(`${VERSION}.${account}.${deviceId}`, signature))
      return undefined;
    if (Buffer.from(account, 'base64url').toString('utf8') !== userId) return undefined;
    return (await isTrustedDevice(this.db, deviceId, userId, this.now())) ? deviceId : undefined;
  }

  /** Records a new device for the account in place of `replacing`, and returns its Set-Cookie header value. */
  async issue(userId: string, replacing?: string): Promise<string> {
    const deviceId = crypto.randomBytes(18).toString('base64url');
    const issuedAt = this.now();
    await replaceTrustedDevice(
      this.db,
      { deviceId, userId, issuedAt, expiresAt: issuedAt + this.opts.maxAgeMs },
      replacing,
      this.opts.perAccount,
    );
    const payload = `${VERSION}.${Buffer.from(userId, 'utf8').toString('base64url')}.${deviceId}`;
    const attributes = [
      `${DEVICE_COOKIE}=${payload}.${this.sign(payload)}`,
      'Path=/',
      `Max-Age=${Math.floor(this.opts.maxAgeMs / 1000)}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(this.secure ? ['Secure'] : []),
    ];
    return attributes.join('; ');
  }

  private sign(payload: string): string {
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private signatureMatches(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }
}

/** One cookie's value from a Cookie request header (the first of that name). */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}
