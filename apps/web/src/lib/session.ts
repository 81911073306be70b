import { createContext, useContext } from 'react';
import { roleFlags, type RoleFlags } from '@portal/contracts';
import type { SessionUser } from './stored-user';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/**
 * The app's view of sign-in. Pages use this instead of the OIDC client directly so that
 * the portal still renders (signed out) when the identity provider or config is unavailable.
 */
export interface Session {
  status: SessionStatus;
  isAuthenticated: boolean;
  /** The OIDC user (ID token profile, tokens, expiry); null when signed out. */
  user: SessionUser | null;
  /** Role names from the access token's roles claim. Display only; the server enforces. */
  roles: string[];
  flags: RoleFlags;
  /** Why sign-in cannot work right now (config failed to load); null when it can. */
  unavailableReason: string | null;
  error: Error | null;
  signIn: (returnTo?: string) => Promise<void>;
  /** Clears the local session and redirects to the provider; false when there was nothing to end there. */
  signOut: () => Promise<boolean>;
  /**
   * Fetches new tokens from the provider without leaving the page (a silent renew), for when the
   * account changed and the server stopped accepting the tokens held, as after a password change.
   */
  renew: () => Promise<void>;
}

export const SIGNED_OUT: Pick<Session, 'isAuthenticated' | 'user' | 'roles' | 'flags'> = {
  isAuthenticated: false,
  user: null,
  roles: [],
  flags: roleFlags([]),
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside a session provider');
  return session;
}

/**
 * Whose answer a caller-dependent query fetches: the signed-in user's id, 'anonymous', or null
 * while the session is still being read. A query keyed on it and enabled only when it is not
 * null is fetched once per page load, with the token when there is one, instead of once
 * anonymously and again when the session arrives.
 */
export function useCallerKey(): string | null {
  const { status, user } = useSession();
  if (status === 'loading') return null;
  return user?.profile.sub ?? 'anonymous';
}
