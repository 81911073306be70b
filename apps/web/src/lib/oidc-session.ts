import type { UserManager } from 'oidc-client-ts';
import type { ClientConfig } from '@portal/contracts';
import type { SignInState } from './auth';
import { readStoredUser, storedUserKey, type SessionUser } from './stored-user';
import type { UserManagerListener } from './user-manager';

/** The session as the identity provider's client knows it. */
export interface OidcState {
  user: SessionUser | null;
  isLoading: boolean;
  /** The user's token was still valid when the user was read or stored. */
  isAuthenticated: boolean;
  error: Error | null;
}

/**
 * When the user manager (oidc-client-ts, its own chunk) starts: at once when only it can answer
 * (the sign-in callback, an expired or unreadable stored user, a token about to be renewed),
 * when the page is idle for a signed-in user (it renews the token before it expires), and for
 * a visitor only when sign-in is asked for.
 */
export type ManagerStart = 'now' | 'when-idle' | 'when-asked';

/** A stored token with less time than this left starts the manager at once: it renews a token a minute before expiry. */
export const RENEW_SOON_SECONDS = 120;

const LOADING: OidcState = { user: null, isLoading: true, isAuthenticated: false, error: null };

/** The session to show before the user manager has answered, and when that manager must start. */
export function restoredSession(readUser: () => SessionUser | null, isCallback: boolean): { state: OidcState; start: ManagerStart } {
  if (isCallback) return { state: LOADING, start: 'now' };
  let user: SessionUser | null;
  try {
    user = readUser();
  } catch {
    return { state: LOADING, start: 'now' };
  }
  if (!user) return { state: { ...LOADING, isLoading: false }, start: 'when-asked' };
  if (user.expired) return { state: LOADING, start: 'now' };
  const renewSoon = user.expires_in !== undefined && user.expires_in <= RENEW_SOON_SECONDS;
  return { state: { user, isLoading: false, isAuthenticated: true, error: null }, start: renewSoon ? 'now' : 'when-idle' };
}

/**
 * Whether a page view starts signed out, as its OidcSession's first state will say: no user
 * stored for the config's client, and not the sign-in callback.
 */
export function startsSignedOut(config: ClientConfig, storage: Pick<Storage, 'getItem'>, isCallback: boolean): boolean {
  const { state } = restoredSession(() => readStoredUser(storage, storedUserKey(config.oidcAuthority, config.oidcClientId)), isCallback);
  return !state.isLoading && !state.isAuthenticated;
}

type OidcEvent = { type: 'loaded'; user: SessionUser | null } | { type: 'unloaded' } | { type: 'failed'; error: Error };

/** How the user manager's answers change the session. */
export function nextOidcState(state: OidcState, event: OidcEvent): OidcState {
  switch (event.type) {
    case 'loaded':
      return { user: event.user, isLoading: false, isAuthenticated: event.user ? !event.user.expired : false, error: null };
    case 'unloaded':
      return { ...state, user: null, isAuthenticated: false };
    case 'failed':
      return { ...state, isLoading: false, error: event.error };
  }
}

type UserManagerModule = Pick<typeof import('./user-manager'), 'startUserManager'>;

/**
 * The signed-in session of one page view: read from what oidc-client-ts stored, without loading
 * it, and handed to the library's user manager once that has started.
 */
export class OidcSession {
  readonly start: ManagerStart;
  private state: OidcState;
  private readonly listeners = new Set<() => void>();
  private manager: Promise<UserManager> | null = null;
  private signingOut: Promise<boolean> | null = null;

  constructor(
    readonly config: ClientConfig,
    private readonly storage: () => Pick<Storage, 'getItem'>,
    private readonly isCallback: boolean,
    private readonly loadModule: () => Promise<UserManagerModule> = () => import('./user-manager'),
  ) {
    const restored = restoredSession(() => this.storedUser(), isCallback);
    this.state = restored.state;
    this.start = restored.start;
  }

  getState = (): OidcState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The user manager, loaded and started on first use; it has read the session when this resolves. */
  userManager = (): Promise<UserManager> => {
    this.manager ??= this.loadModule()
      .then((module) => module.startUserManager(this.config, this.isCallback, this.listener))
      .catch((error: unknown) => {
        this.manager = null;
        this.update({ type: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
        throw error;
      });
    return this.manager;
  };

  /** A bearer token for the API: the stored one while valid, else a silent renew. */
  accessToken = async (): Promise<string | null> => {
    const user = this.storedUser();
    if (!user) return null;
    if (!user.expired) return user.access_token;
    const renewed = await (await this.userManager()).signinSilent();
    return renewed?.access_token ?? null;
  };

  signIn = async (returnTo?: string): Promise<void> => {
    await (await this.userManager()).signinRedirect({ state: { returnTo } satisfies SignInState });
  };

  /**
   * Clears the local session and redirects to the provider; false when there was nothing to end
   * there. Asked again while it runs (the sign-out page mounted anew), it answers the same.
   */
  signOut = (): Promise<boolean> => {
    this.signingOut ??= this.endSession().finally(() => (this.signingOut = null));
    return this.signingOut;
  };

  renew = async (): Promise<void> => {
    await (await this.userManager()).signinSilent();
  };

  /** True when this session is the one of the OIDC client `config` names. */
  isFor(config: ClientConfig): boolean {
    return config.oidcAuthority === this.config.oidcAuthority && config.oidcClientId === this.config.oidcClientId;
  }

  private async endSession(): Promise<boolean> {
    const manager = await this.userManager();
    const user = await manager.getUser();
    await manager.removeUser();
    if (!user) return false;
    // The `resource` parameter belongs to sign-in only; keep it off the end-session URL.
    await manager.signoutRedirect({ id_token_hint: user.id_token, extraQueryParams: {} });
    return true;
  }

  private readonly listener: UserManagerListener = {
    loaded: (user) => this.update({ type: 'loaded', user }),
    unloaded: () => this.update({ type: 'unloaded' }),
    failed: (error) => this.update({ type: 'failed', error }),
  };

  private storedUser(): SessionUser | null {
    return readStoredUser(this.storage(), storedUserKey(this.config.oidcAuthority, this.config.oidcClientId));
  }

  private update(event: OidcEvent): void {
    this.state = nextOidcState(this.state, event);
    this.listeners.forEach((listener) => listener());
  }
}
