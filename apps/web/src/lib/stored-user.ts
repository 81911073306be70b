import type { User } from 'oidc-client-ts';

/**
 * The signed-in user as the pages read it: oidc-client-ts' User once the library has loaded, or
 * the same fields read from its storage before that.
 */
export type SessionUser = Pick<
  User,
  | 'id_token'
  | 'session_state'
  | 'access_token'
  | 'refresh_token'
  | 'token_type'
  | 'scope'
  | 'profile'
  | 'expires_at'
  | 'expires_in'
  | 'expired'
  | 'state'
>;

/** The key oidc-client-ts keeps a user under: its store's prefix, then the authority and the client id. */
export function storedUserKey(authority: string, clientId: string): string {
  return `oidc.user:${authority}:${clientId}`;
}

/** Seconds since the epoch, as oidc-client-ts counts a token's remaining time. */
const epochSeconds = () => Math.floor(Date.now() / 1000);

/** What oidc-client-ts writes for a user (its `toStorageString`). */
type StoredFields = Pick<
  User,
  'id_token' | 'session_state' | 'access_token' | 'refresh_token' | 'token_type' | 'scope' | 'profile' | 'expires_at'
>;

/** A user as oidc-client-ts stored it, its remaining time counted the way the library counts it. */
class StoredUser implements SessionUser {
  readonly id_token: string | undefined;
  readonly session_state: string | null;
  readonly access_token: string;
  readonly refresh_token: string | undefined;
  readonly token_type: string;
  readonly scope: string | undefined;
  readonly profile: User['profile'];
  readonly expires_at: number | undefined;
  // The sign-in's state comes back with the callback only; the library never stores it with the user.
  readonly state: unknown = undefined;

  constructor(stored: StoredFields) {
    this.id_token = stored.id_token;
    this.session_state = stored.session_state ?? null;
    this.access_token = stored.access_token;
    this.refresh_token = stored.refresh_token;
    this.token_type = stored.token_type;
    this.scope = stored.scope;
    this.profile = stored.profile;
    this.expires_at = stored.expires_at;
  }

  get expires_in(): number | undefined {
    return this.expires_at === undefined ? undefined : this.expires_at - epochSeconds();
  }

  get expired(): boolean | undefined {
    const left = this.expires_in;
    return left === undefined ? undefined : left <= 0;
  }
}

/**
 * The user oidc-client-ts keeps in `storage` under `key`, read without loading the library;
 * null when none is stored. Throws, as the library does, when the stored text is not JSON.
 */
export function readStoredUser(storage: Pick<Storage, 'getItem'>, key: string): SessionUser | null {
  const text = storage.getItem(key);
  if (!text) return null;
  return new StoredUser(JSON.parse(text) as StoredFields);
}
