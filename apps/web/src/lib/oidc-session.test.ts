import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserManager } from 'oidc-client-ts';
import type { ClientConfig } from '@portal/contracts';
import { OidcSession, RENEW_SOON_SECONDS } from './oidc-session';
import { storedUserKey } from './stored-user';
import type { UserManagerListener } from './user-manager';

const config = { oidcAuthority: 'https://portal.example/oidc', oidcClientId: 'portal-web' } as ClientConfig;
const KEY = storedUserKey(config.oidcAuthority, config.oidcClientId);
const NOW = new Date('2026-05-01T12:00:00Z');
const nowSeconds = () => Math.floor(Date.now() / 1000);

function storageWith(expiresIn: number | null): Pick<Storage, 'getItem'> {
  const text =
    expiresIn === null
      ? null
      : JSON.stringify({
          access_token: 'stored-token',
          id_token: 'id-token',
          token_type: 'Bearer',
          profile: { sub: 'u1' },
          expires_at: nowSeconds() + expiresIn,
        });
  return { getItem: (key) => (key === KEY ? text : null) };
}

/** A user manager that answers `getUser` with `user` and records what the session asks of it. */
function fakeManager(user: { access_token: string; id_token?: string; expired: boolean; profile: { sub: string } } | null) {
  const calls: string[] = [];
  const manager = {
    getUser: async () => user,
    removeUser: async () => void calls.push('removeUser'),
    signinSilent: async () => {
      calls.push('signinSilent');
      return { access_token: 'renewed-token' };
    },
    signinRedirect: async (args: unknown) => void calls.push(`signinRedirect ${JSON.stringify(args)}`),
    signoutRedirect: async (args: unknown) => void calls.push(`signoutRedirect ${JSON.stringify(args)}`),
  };
  let listener: UserManagerListener | null = null;
  const loads = { count: 0 };
  const loadModule = async () => {
    loads.count += 1;
    return {
      startUserManager: async (_config: ClientConfig, _isCallback: boolean, told: UserManagerListener) => {
        listener = told;
        told.loaded((await manager.getUser()) as never);
        return manager as unknown as UserManager;
      },
    };
  };
  return { calls, loads, loadModule, listener: () => listener! };
}

describe('OidcSession', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('shows a visitor signed out at once and loads no OIDC client for the API', async () => {
    const fake = fakeManager(null);
    const oidc = new OidcSession(config, () => storageWith(null), false, fake.loadModule);
    expect(oidc.getState()).toMatchObject({ user: null, isLoading: false, isAuthenticated: false });
    expect(oidc.start).toBe('when-asked');
    expect(await oidc.accessToken()).toBeNull();
    expect(fake.loads.count).toBe(0);
  });

  it('restores a stored valid token as signed in and sends it, the client starting when the page is idle', async () => {
    const fake = fakeManager(null);
    const oidc = new OidcSession(config, () => storageWith(3600), false, fake.loadModule);
    expect(oidc.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: true,
      user: { access_token: 'stored-token', profile: { sub: 'u1' } },
    });
    expect(oidc.start).toBe('when-idle');
    expect(await oidc.accessToken()).toBe('stored-token');
    expect(fake.loads.count).toBe(0);
  });

  it('starts the client at once for a token it must renew within two minutes', () => {
    const oidc = new OidcSession(config, () => storageWith(RENEW_SOON_SECONDS), false, fakeManager(null).loadModule);
    expect(oidc.getState().isAuthenticated).toBe(true);
    expect(oidc.start).toBe('now');
  });

  it('waits for the client with an expired stored token: signed out when it says so, a request renewing the token', async () => {
    const fake = fakeManager({ access_token: 'stored-token', expired: true, profile: { sub: 'u1' } });
    const oidc = new OidcSession(config, () => storageWith(-5), false, fake.loadModule);
    expect(oidc.getState()).toMatchObject({ isLoading: true, isAuthenticated: false });
    expect(oidc.start).toBe('now');
    await oidc.userManager();
    expect(oidc.getState()).toMatchObject({ isLoading: false, isAuthenticated: false });
    expect(await oidc.accessToken()).toBe('renewed-token');
    expect(fake.calls).toEqual(['signinSilent']);
    fake.listener().loaded({ access_token: 'renewed-token', expired: false, profile: { sub: 'u1' } } as never);
    expect(oidc.getState()).toMatchObject({ isLoading: false, isAuthenticated: true, user: { access_token: 'renewed-token' } });
  });

  it('waits for the client on the sign-in callback and when the stored user cannot be read', () => {
    const unreadable = { getItem: () => '{not json' };
    for (const oidc of [
      new OidcSession(config, () => storageWith(3600), true, fakeManager(null).loadModule),
      new OidcSession(config, () => unreadable, false, fakeManager(null).loadModule),
    ]) {
      expect(oidc.getState().isLoading).toBe(true);
      expect(oidc.start).toBe('now');
    }
  });

  it('follows the client: loaded once however often it is asked, signed out when the user is removed, errors kept', async () => {
    const fake = fakeManager({ access_token: 'stored-token', id_token: 'id-token', expired: false, profile: { sub: 'u1' } });
    const oidc = new OidcSession(config, () => storageWith(3600), false, fake.loadModule);
    const seen: boolean[] = [];
    oidc.subscribe(() => seen.push(oidc.getState().isAuthenticated));
    await Promise.all([oidc.userManager(), oidc.userManager()]);
    expect(fake.loads.count).toBe(1);
    fake.listener().unloaded();
    fake.listener().failed(new Error('Renew silent failed'));
    expect(seen).toEqual([true, false, false]);
    expect(oidc.getState()).toMatchObject({ user: null, isLoading: false, error: { message: 'Renew silent failed' } });
  });

  it('signs in and out through the client, loading it when asked', async () => {
    const fake = fakeManager({ access_token: 'stored-token', id_token: 'id-token', expired: false, profile: { sub: 'u1' } });
    const oidc = new OidcSession(config, () => storageWith(null), false, fake.loadModule);
    await oidc.signIn('/map');
    expect(await oidc.signOut()).toBe(true);
    expect(fake.calls).toEqual([
      'signinRedirect {"state":{"returnTo":"/map"}}',
      'removeUser',
      'signoutRedirect {"id_token_hint":"id-token","extraQueryParams":{}}',
    ]);
    const nobody = fakeManager(null);
    expect(await new OidcSession(config, () => storageWith(null), false, nobody.loadModule).signOut()).toBe(false);
    expect(nobody.calls).toEqual(['removeUser']);
  });

  it('signs out once when asked again while signing out (the sign-out page mounted anew)', async () => {
    const fake = fakeManager({ access_token: 'stored-token', id_token: 'id-token', expired: false, profile: { sub: 'u1' } });
    const oidc = new OidcSession(config, () => storageWith(3600), false, fake.loadModule);
    expect(await Promise.all([oidc.signOut(), oidc.signOut()])).toEqual([true, true]);
    expect(fake.calls).toEqual(['removeUser', 'signoutRedirect {"id_token_hint":"id-token","extraQueryParams":{}}']);
  });

  it('is the session of the client its config names', () => {
    const oidc = new OidcSession(config, () => storageWith(null), false, fakeManager(null).loadModule);
    expect(oidc.isFor({ ...config })).toBe(true);
    expect(oidc.isFor({ ...config, oidcClientId: 'other' })).toBe(false);
  });

  it('reports a client that could not load, and loads it again on the next ask', async () => {
    let fail = true;
    const fake = fakeManager(null);
    const oidc = new OidcSession(
      config,
      () => storageWith(-5),
      false,
      async () => {
        if (fail) throw new Error('Failed to fetch dynamically imported module');
        return fake.loadModule();
      },
    );
    await expect(oidc.userManager()).rejects.toThrow('Failed to fetch');
    expect(oidc.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      error: { message: 'Failed to fetch dynamically imported module' },
    });
    fail = false;
    await oidc.userManager();
    expect(oidc.getState()).toMatchObject({ isLoading: false, error: null });
  });
});
