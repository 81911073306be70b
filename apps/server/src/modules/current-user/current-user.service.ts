import type { CurrentUser } from '@portal/contracts';
import type { AuthUser } from '../../tokens/token-verifier';
import type { Db } from '../../db/client';
import { findIdentityByEmail, findIdentityById } from '../../accounts/identity.repository';

/**
 * The caller's profile: from app_user when we know them (by subject for the embedded IdP,
 * by e-mail for an external one), otherwise from the token's own claims.
 */
export async function currentUser(db: Db, user: AuthUser): Promise<CurrentUser> {
  const row = (await findIdentityById(db, user.sub)) ?? (user.email ? await findIdentityByEmail(db, user.email) : undefined);
  const claim = (name: string) => (typeof user.claims[name] === 'string' ? (user.claims[name] as string) : null);
  return {
    sub: user.sub,
    email: row?.email ?? user.email,
    name: row?.name ?? claim('name'),
    nickname: row?.nickname ?? claim('nickname'),
    roles: user.roles,
    landingPagePath: row?.landing_page_path ?? null,
  };
}
