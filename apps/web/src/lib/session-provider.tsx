import { useMemo, type ReactNode } from 'react';
import { AuthProvider, useAuth } from 'react-oidc-context';
import type { UserManager } from 'oidc-client-ts';
import { ROUTES, roleFlags, type ClientConfig } from '@portal/contracts';
import { setAccessTokenProvider } from './api-client';
import { rolesFromTokens, type SignInState } from './auth';
import { SessionContext, SIGNED_OUT, type Session } from './session';

/**
 * Lets the api client fetch a bearer token: the stored one while valid, else a silent renew.
 * Throwing is fine: the client then sends the request without the header.
 */
export function connectApiClient(userManager: UserManager): void {
  setAccessTokenProvider(async () => {
    const user = await userManager.getUser();
    if (!user) return null;
    if (!user.expired) return user.access_token;
    const renewed = await userManager.signinSilent();
    return renewed?.access_token ?? null;
  });
}

async function signOutWith(userManager: UserManager): Promise<boolean> {
  const user = await userManager.getUser();
  await userManager.removeUser();
  if (!user) return false;
  // The `resource` parameter belongs to sign-in only; keep it off the end-session URL.
  await userManager.signoutRedirect({ id_token_hint: user.id_token, extraQueryParams: {} });
  return true;
}

function OidcSessionBridge({ config, userManager, children }: { config: ClientConfig; userManager: UserManager; children: ReactNode }) {
  const auth = useAuth();
  const { user, isLoading, isAuthenticated, error } = auth;
  const value = useMemo<Session>(() => {
    const roles = isAuthenticated && user ? rolesFromTokens(user.access_token, config.rolesClaim) : [];
    return {
      status: isLoading ? 'loading' : isAuthenticated ? 'authenticated' : 'anonymous',
      isAuthenticated,
      user: isAuthenticated ? (user ?? null) : null,
      roles,
      flags: roleFlags(roles),
      unavailableReason: null,
      error: error ?? null,
      signIn: (returnTo) => userManager.signinRedirect({ state: { returnTo } satisfies SignInState }),
      signOut: () => signOutWith(userManager),
      renew: async () => {
        await userManager.signinSilent();
      },
    };
  }, [config.rolesClaim, error, isAuthenticated, isLoading, user, userManager]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Signed-in state from the OIDC provider named in ClientConfig. */
export function OidcSessionProvider({
  config,
  userManager,
  children,
}: {
  config: ClientConfig;
  userManager: UserManager;
  children: ReactNode;
}) {
  // Only the callback route may consume ?code=&state=; other pages can carry such params.
  const isCallback = window.location.pathname === ROUTES.AUTH_CALLBACK;
  return (
    <AuthProvider userManager={userManager} skipSigninCallback={!isCallback}>
      <OidcSessionBridge config={config} userManager={userManager}>
        {children}
      </OidcSessionBridge>
    </AuthProvider>
  );
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
