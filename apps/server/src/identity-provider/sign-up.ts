import { ACCOUNT_LINK_MINUTES, DEFAULT_LANDING_PAGE_NDX } from '@portal/contracts';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit.repository';
import { readSignUpSetting } from '../accounts/sign-up-setting.repository';
import { findIdentityByEmail } from '../accounts/identity.repository';
import { emailTaken, findRoleByName, insertUser } from '../accounts/account-store.repository';
import { deleteEndedAccountLinks, spendAccountLink } from './account-links.repository';
import { accountPageUrl, createAccountLink, hashLinkToken, queueAccountMail, type AccountMailConfig } from './account-mail';
import { hashPassword } from '../accounts/passwords';

function signUpMessage(link: string): { subject: string; body: string } {
  return {
    subject: 'Finish signing up to the Water Resources Portal',
    body: [
      'Someone asked to create a Water Resources Portal account with this e-mail address.',
      '',
      `To finish signing up, open this link within ${ACCOUNT_LINK_MINUTES} minutes and choose your name and password:`,
      link,
      '',
      'The link works once. If you did not ask for it, ignore this message: no account is created.',
    ].join('\n'),
  };
}

function alreadySignedUpMessage(forgotPasswordUrl: string): { subject: string; body: string } {
  return {
    subject: 'You already have a Water Resources Portal account',
    body: [
      'Someone asked to sign up to the Water Resources Portal with this e-mail address, which already has an account.',
      '',
      'If you forgot its password, ask for a new one here:',
      forgotPasswordUrl,
      '',
      'If you did not ask, ignore this message.',
    ].join('\n'),
  };
}

/**
 * A sign-up request (the caller checked that sign-up is on). A new address gets a link to finish
 * signing up; an address that has an account gets a note saying so instead, so the page answers the
 * same either way. Audited.
 */
export async function requestSignUp(db: Db, config: AccountMailConfig, email: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteEndedAccountLinks(trx, now);
    const existing = await findIdentityByEmail(trx, email);
    if (existing) {
      await queueAccountMail(trx, config, {
        purpose: 'sign-up',
        address: existing.email,
        ...alreadySignedUpMessage(accountPageUrl(config, 'forgot-password')),
      });
    } else {
      const token = await createAccountLink(trx, { purpose: 'sign-up', userId: null, email, now });
      await queueAccountMail(trx, config, {
        purpose: 'sign-up',
        address: email,
        ...signUpMessage(accountPageUrl(config, 'sign-up/complete', token)),
      });
    }
    await recordAudit(trx, {
      actor: null,
      action: 'insert',
      table: 'account_link',
      rowKey: existing?.user_id ?? email,
      after: { purpose: 'sign-up', email, linkSent: !existing },
    });
  });
}

export type CompleteSignUpResult = 'created' | 'invalid-link' | 'sign-up-off' | 'email-taken';

/**
 * Creates the account a sign-up link confirmed: the link's e-mail address, the given name and
 * password, and the role the sign-up setting names (none or User). Audited with the new account as
 * the actor.
 */
export async function completeSignUp(
  db: Db,
  input: { token: string; name: string; nickname: string; password: string },
  now = new Date(),
): Promise<CompleteSignUpResult> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx): Promise<CompleteSignUpResult> => {
    const setting = await readSignUpSetting(trx, true);
    if (!setting.enabled) return 'sign-up-off';
    const link = await spendAccountLink(trx, hashLinkToken(input.token), 'sign-up', now);
    if (!link) return 'invalid-link';
    if (await emailTaken(trx, link.email, null)) return 'email-taken';
    const role = setting.newAccountRole ? await findRoleByName(trx, setting.newAccountRole) : undefined;
    const write = {
      name: input.name,
      nickname: input.nickname,
      email: link.email,
      role_ndx: role?.role_ndx ?? null,
      landing_page_ndx: DEFAULT_LANDING_PAGE_NDX,
    };
    const userId = await insertUser(trx, write, passwordHash);
    await recordAudit(trx, {
      actor: { sub: userId, email: link.email },
      action: 'insert',
      table: 'app_user',
      rowKey: userId,
      after: { ...write, role_name: setting.newAccountRole, signedUp: true },
    });
    return 'created';
  });
}
