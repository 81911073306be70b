import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 declares Algorithm as an ambient const enum, which isolatedModules
// cannot read; 2 is its Argon2id member.
const ARGON2ID = 2;

/** argon2id hash of a password (PHC string starting with $argon2id$). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let passwordsChecked = 0;

/**
 * How many passwords this process has checked against a hash so far: the guessing work the
 * throttles let through (the sign-in tests count it to prove a burst is refused before checking).
 */
export function passwordsCheckedSoFar(): number {
  return passwordsChecked;
}

/** True when the password matches the stored hash; false for a malformed hash too. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordsChecked += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against an account's hash, or against a fixed dummy hash when there is no
 * usable account, so an unknown e-mail costs the same time as a known one and the answer time
 * tells nothing about which addresses have accounts.
 */
export async function verifyPasswordInConstantTime(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  dummyHash ??= hashPassword('no account has this password: timing equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
