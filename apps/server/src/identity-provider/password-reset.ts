import { ACCOUNT_LINK_MINUTES } from '@portal/contracts';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit.repository';
import { findIdentityByEmail, findIdentityById } from '../accounts/identity.repository';
import { revokeProviderGrants, setPasswordHash } from '../accounts/account-store.repository';
import { bumpTokenVersion } from '../tokens/token-version.repository';
import { deleteEndedAccountLinks, spendAccountLink, spendAccountLinksOf } from './account-links.repository';
import { accountPageUrl, createAccountLink, hashLinkToken, queueAccountMail, type AccountMailConfig } from './account-mail';
import { hashPassword } from '../accounts/passwords';
import { deleteTrustedDevicesOf } from './trusted-device.repository';

const AUDIT_TABLE = 'account_link';

function resetMessage(link: string): { subject: string; body: string } {
  return {
    subject: 'Reset your Water Resources Portal password',
    body: [
      'Someone asked to reset the password of the Water Resources Portal account that uses this e-mail address.',
      '',
      `To choose a new password, open this link within ${ACCOUNT_LINK_MINUTES} minutes:`,
      link,
      '',
      'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * A forgot-password request. An enabled account with that address gets a reset link by e-mail;
 * any other address gets nothing, and the caller answers the same either way. Audited both ways.
 */
export async function requestPasswordReset(db: Db, config: AccountMailConfig, email: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteEndedAccountLinks(trx, now);
    const user = await findIdentityByEmail(trx, email);
    const usable = user && !user.disabled ? user : undefined;
    if (usable) {
      const token = await createAccountLink(trx, { purpose: 'password-reset', userId: usable.user_id, email: usable.email, now });
      await queueAccountMail(trx, config, {
        purpose: 'password-reset',
        address: usable.email,
        ...resetMessage(accountPageUrl(config, 'reset-password', token)),
      });
    }
    await recordAudit(trx, {
      actor: null,
      action: 'insert',
      table: AUDIT_TABLE,
      rowKey: usable?.user_id ?? email,
      after: { purpose: 'password-reset', email, linkSent: !!usable },
    });
  });
}

/**
 * Sets a new password from a reset link. The link is spent (with the account's other reset
 * links); every sign-in session, grant and refresh token of the account ends and its access
 * tokens become void, and no earlier browser stays trusted (device cookies). Returns the account,
 * or undefined when the link is unknown, used, expired or its account disabled.
 */
export async function resetPasswordWithLink(db: Db, token: string, newPassword: string, now = new Date()): Promise<string | undefined> {
  // Hashing is slow: done before the transaction opens so no row lock waits on it.
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    const link = await spendAccountLink(trx, hashLinkToken(token), 'password-reset', now);
    if (!link?.user_id) return undefined;
    const user = await findIdentityById(trx, link.user_id);
    if (!user || user.disabled) return undefined;
    await setPasswordHash(trx, user.user_id, passwordHash);
    await spendAccountLinksOf(trx, user.user_id, 'password-reset', now);
    await revokeProviderGrants(trx, user.user_id);
    await bumpTokenVersion(trx, user.user_id);
    await deleteTrustedDevicesOf(trx, user.user_id);
    await recordAudit(trx, {
      actor: { sub: user.user_id, email: user.email },
      action: 'update',
      table: 'app_user',
      rowKey: user.user_id,
      after: { password: 'reset with an e-mailed link' },
    });
    return user.user_id;
  });
}
