import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { roleFlags, type ClientConfig } from '@portal/contracts';
import { rolesFromTokens } from './auth';
import type { OidcSession } from './oidc-session';
import { prefetchWhenIdle } from './prefetch';
import { SessionContext, SIGNED_OUT, type Session } from './session';

/** Signed-in state from the OIDC provider named in ClientConfig, restored from storage before oidc-client-ts loads. */
export function OidcSessionProvider({ config, oidc, children }: { config: ClientConfig; oidc: OidcSession; children: ReactNode }) {
  const { user, isLoading, isAuthenticated, error } = useSyncExternalStore(oidc.subscribe, oidc.getState);
  useEffect(() => {
    if (oidc.start === 'now') void oidc.userManager().catch(() => undefined);
    if (oidc.start === 'when-idle') return prefetchWhenIdle(oidc.userManager);
  }, [oidc]);
  const value = useMemo<Session>(() => {
    const roles = isAuthenticated && user ? rolesFromTokens(user.access_token, config.rolesClaim) : [];
    return {
      status: isLoading ? 'loading' : isAuthenticated ? 'authenticated' : 'anonymous',
      isAuthenticated,
      user: isAuthenticated ? user : null,
      roles,
      flags: roleFlags(roles),
      unavailableReason: null,
      error,
      signIn: oidc.signIn,
      signOut: oidc.signOut,
      renew: oidc.renew,
    };
  }, [config.rolesClaim, error, isAuthenticated, isLoading, user, oidc]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Used while /api/config is loading or after it failed: everyone is signed out. */
export function UnavailableSessionProvider({ reason, children }: { reason: string | null; children: ReactNode }) {
  const value = useMemo<Session>(
    () => ({
      ...SIGNED_OUT,
      status: reason ? 'anonymous' : 'loading',
      unavailableReason: reason,
      error: null,
      signIn: () => Promise.reject(new Error(reason ?? 'Sign-in is not ready yet.')),
      signOut: async () => false,
      renew: async () => {},
    }),
    [reason],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
