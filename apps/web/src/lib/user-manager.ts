import { UserManager, WebStorageStateStore, type User, type UserManagerSettings } from 'oidc-client-ts';
import { ROUTES, type ClientConfig } from '@portal/contracts';
import { SILENT_CALLBACK_PATH } from './auth';

/** OIDC settings for the SPA: public client, authorization code + PKCE, API audience via `resource`. */
export function userManagerSettings(config: ClientConfig, origin: string): UserManagerSettings {
  const resource = config.oidcAudience;
  return {
    authority: config.oidcAuthority,
    client_id: config.oidcClientId,
    redirect_uri: `${origin}${ROUTES.AUTH_CALLBACK}`,
    silent_redirect_uri: `${origin}${SILENT_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email',
    // The resource indicator makes the provider issue a JWT access token for the API.
    extraQueryParams: { resource },
    extraTokenParams: { resource },
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: true,
    loadUserInfo: false,
  };
}

/** What the session hears from the user manager. */
export interface UserManagerListener {
  /** The session read at start, or a user stored by a sign-in or a renew. */
  loaded: (user: User | null) => void;
  /** The user was removed (sign-out) or the provider ended the session. */
  unloaded: () => void;
  failed: (error: Error) => void;
}

/** True when the URL carries an authorization response (a code or an error, with its state). */
function hasAuthParams(location: Location): boolean {
  return [location.search, location.hash.replace('#', '?')].some((part) => {
    const params = new URLSearchParams(part);
    return Boolean((params.get('code') || params.get('error')) && params.get('state'));
  });
}

function asError(cause: unknown, fallback: string): Error {
  if (cause instanceof Error) return cause;
  const message = cause && typeof cause === 'object' && 'message' in cause && typeof cause.message === 'string' ? cause.message : fallback;
  return new Error(message);
}

/**
 * Creates the user manager, follows its events, then reads the session once: on the callback
 * route it exchanges the authorization response (only that route may consume ?code=&state=),
 * elsewhere it reads the stored user. Resolves once that first answer has been told.
 */
export async function startUserManager(config: ClientConfig, isCallback: boolean, listener: UserManagerListener): Promise<UserManager> {
  const manager = new UserManager(userManagerSettings(config, window.location.origin));
  manager.events.addUserLoaded((user) => listener.loaded(user));
  manager.events.addUserUnloaded(() => listener.unloaded());
  manager.events.addUserSignedOut(() => listener.unloaded());
  manager.events.addSilentRenewError((error) => listener.failed(asError(error, 'Renew silent failed')));
  try {
    const signedIn = isCallback && hasAuthParams(window.location) ? await manager.signinCallback() : undefined;
    listener.loaded(signedIn ?? (await manager.getUser()));
  } catch (error) {
    listener.failed(asError(error, 'Sign-in failed'));
  }
  return manager;
}
