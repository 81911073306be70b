import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_LINK_MINUTES } from '@portal/contracts';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { queueAccountMessage } from '../outbox/delivery.repository';
import { queueAlertDelivery } from '../outbox/delivery-queue';
import { insertAccountLink, type AccountLinkPurpose } from './account-links.repository';

/** Where account messages go and which address their links name. */
export type AccountMailConfig = Pick<AppConfig, 'smtpUrl' | 'publicUrl'>;

/** A link's token as stored: its SHA-256, so the stored value opens nothing. */
export function hashLinkToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** A fresh single-use token: 32 random bytes as base64url (43 characters). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address of an identity-provider page at the portal's public address. */
export function accountPageUrl(config: AccountMailConfig, path: string, token?: string): string {
  const url = new URL(`/oidc/${path}`, config.publicUrl);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Queues one account message on the alerts' delivery path (SMTP, or the outbox without SMTP_URL)
 * and wakes the delivery job, in the caller's transaction.
 */
export async function queueAccountMail(
  trx: Db,
  config: AccountMailConfig,
  message: { purpose: AccountLinkPurpose; address: string; subject: string; body: string },
): Promise<void> {
  const delivery = config.smtpUrl ? 'smtp' : 'outbox';
  await queueAccountMessage(trx, { ...message, delivery });
  if (delivery === 'smtp') await queueAlertDelivery(trx);
}

/** Stores a new link for the account or address and returns its token (to be mailed, never stored). */
export async function createAccountLink(
  trx: Db,
  link: { purpose: AccountLinkPurpose; userId: string | null; email: string; now: Date },
): Promise<string> {
  const token = newLinkToken();
  const expiresAt = new Date(link.now.getTime() + ACCOUNT_LINK_MINUTES * 60_000);
  await insertAccountLink(trx, {
    tokenHash: hashLinkToken(token),
    purpose: link.purpose,
    userId: link.userId,
    email: link.email,
    expiresAt,
  });
  return token;
}
