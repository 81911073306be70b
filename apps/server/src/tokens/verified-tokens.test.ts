import { describe, expect, it } from 'vitest';
import { InvalidTokenError, type AuthUser } from './token-verifier';
import { rememberingVerifiedTokens } from './verified-tokens';

const T0 = Date.parse('2026-11-28T12:00:00Z');

/** A verifier that accepts tokens named "good-*" (exp one hour after T0) and counts its calls. */
function countingVerifier(expSeconds = T0 / 1000 + 3600) {
  const calls: string[] = [];
  const verify = async (token: string): Promise<AuthUser> => {
    calls.push(token);
    if (!token.startsWith('good-')) throw new InvalidTokenError('The access token is invalid or has expired');
    return { sub: token, email: null, roles: ['User'], claims: { sub: token, exp: expSeconds } };
  };
  return { verify, calls };
}

describe('rememberingVerifiedTokens', () => {
  it('checks a token once, then answers from memory until its recheck time', async () => {
    let now = T0;
    const { verify, calls } = countingVerifier();
    const remembered = rememberingVerifiedTokens(verify, { now: () => now, maxAgeMs: 60_000 });
    expect((await remembered('good-a')).sub).toBe('good-a');
    now += 59_000;
    expect((await remembered('good-a')).sub).toBe('good-a');
    expect(calls).toEqual(['good-a']);
    now += 2_000;
    await remembered('good-a');
    expect(calls).toEqual(['good-a', 'good-a']);
  });

  it('refuses a remembered token from the moment its exp passes', async () => {
    let now = T0;
    const { verify } = countingVerifier(T0 / 1000 + 30);
    const remembered = rememberingVerifiedTokens(verify, { now: () => now, maxAgeMs: 300_000 });
    await remembered('good-a');
    now = T0 + 30_000;
    await expect(remembered('good-a')).rejects.toThrow('The access token is invalid or has expired');
  });

  it('never remembers a refusal', async () => {
    const { verify, calls } = countingVerifier();
    const remembered = rememberingVerifiedTokens(verify, { now: () => T0 });
    await expect(remembered('bad-a')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(remembered('bad-a')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toEqual(['bad-a', 'bad-a']);
  });

  it('holds at most maxEntries tokens, forgetting the oldest first', async () => {
    const { verify, calls } = countingVerifier();
    const remembered = rememberingVerifiedTokens(verify, { now: () => T0, maxEntries: 2 });
    await remembered('good-a');
    await remembered('good-b');
    await remembered('good-c');
    await remembered('good-c');
    await remembered('good-b');
    await remembered('good-a');
    expect(calls).toEqual(['good-a', 'good-b', 'good-c', 'good-a']);
  });

  it('hands out a frozen user, since one object serves many requests', async () => {
    const { verify } = countingVerifier();
    const user = await rememberingVerifiedTokens(verify, { now: () => T0 })('good-a');
    expect(() => user.roles.push('Administrator')).toThrow(TypeError);
    expect(Object.isFrozen(user)).toBe(true);
  });
});
