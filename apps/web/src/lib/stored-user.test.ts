import { afterEach, describe, expect, it, vi } from 'vitest';
import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { readStoredUser, storedUserKey } from './stored-user';

const AUTHORITY = 'https://portal.example/oidc';
const CLIENT_ID = 'portal-web';

/** A Storage kept in a Map, as the library's store and our reader see the tab's sessionStorage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

async function storedByLibrary(expiresAt: number | undefined): Promise<Storage> {
  const storage = memoryStorage();
  const manager = new UserManager({
    authority: AUTHORITY,
    client_id: CLIENT_ID,
    redirect_uri: 'https://portal.example/auth/callback',
    userStore: new WebStorageStateStore({ store: storage }),
  });
  await manager.storeUser(
    new User({
      id_token: 'id.token.value',
      session_state: 'session-1',
      access_token: 'access.token.value',
      refresh_token: 'refresh-1',
      token_type: 'Bearer',
      scope: 'openid profile email',
      profile: { sub: 'user-1', iss: AUTHORITY, aud: CLIENT_ID, exp: 0, iat: 0, name: 'Ana Díaz', email: 'ana@example.org' },
      expires_at: expiresAt,
    }),
  );
  return storage;
}

describe('readStoredUser', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the user oidc-client-ts stored, under the key the library uses', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T12:00:00Z') });
    const now = Math.floor(Date.now() / 1000);
    const storage = await storedByLibrary(now + 300);
    const user = readStoredUser(storage, storedUserKey(AUTHORITY, CLIENT_ID));
    expect(user).toMatchObject({
      id_token: 'id.token.value',
      session_state: 'session-1',
      access_token: 'access.token.value',
      refresh_token: 'refresh-1',
      token_type: 'Bearer',
      scope: 'openid profile email',
      profile: { sub: 'user-1', name: 'Ana Díaz', email: 'ana@example.org' },
      expires_at: now + 300,
      state: undefined,
    });
    expect(user?.expires_in).toBe(300);
    expect(user?.expired).toBe(false);
  });

  it('counts expiry as the library does: expired from the second the token ends', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T12:00:00Z') });
    const storage = await storedByLibrary(Math.floor(Date.now() / 1000) + 2);
    const key = storedUserKey(AUTHORITY, CLIENT_ID);
    const library = User.fromStorageString(storage.getItem(key) ?? '');
    for (const seconds of [0, 1, 2, 3]) {
      vi.setSystemTime(new Date(Date.UTC(2026, 4, 1, 12, 0, seconds, 500)));
      const user = readStoredUser(storage, key);
      expect([user?.expires_in, user?.expired]).toEqual([library.expires_in, library.expired]);
    }
    expect(readStoredUser(storage, key)?.expired).toBe(true);
  });

  it('reads a token without an expiry as never expiring, as the library does', async () => {
    const user = readStoredUser(await storedByLibrary(undefined), storedUserKey(AUTHORITY, CLIENT_ID));
    expect([user?.expires_in, user?.expired]).toEqual([undefined, undefined]);
  });

  it('gives null when nothing is stored, and throws on text that is not JSON', () => {
    const storage = memoryStorage();
    expect(readStoredUser(storage, storedUserKey(AUTHORITY, CLIENT_ID))).toBeNull();
    storage.setItem(storedUserKey(AUTHORITY, CLIENT_ID), '{not json');
    expect(() => readStoredUser(storage, storedUserKey(AUTHORITY, CLIENT_ID))).toThrow();
  });
});
