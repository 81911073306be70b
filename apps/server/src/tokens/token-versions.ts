import pg from 'pg';
import type { Db } from '../db/client';
import { findTokenVersion, listenForTokenVersionChanges, pingListener, TOKEN_VERSION_CHANNEL } from './token-version.repository';

/** Where the guard learns the version an account's access tokens must carry. */
export interface TokenVersions {
  current(userId: string): Promise<number>;
  close(): Promise<void>;
}

/** Reads the version on every request (a primary-key read): for tests and tools without a listener. */
export function tokenVersionsReadEachTime(db: Db): TokenVersions {
  return { current: (userId) => findTokenVersion(db, userId), close: async () => {} };
}

export interface ListeningOptions {
  /** How often the listening connection is checked with a round trip. */
  pingMs?: number;
  /** A remembered version is read again after this long even without a notification. */
  maxAgeMs?: number;
  /** At most this many accounts are remembered; past it the memory starts afresh. */
  maxEntries?: number;
  /** Wait before connecting again after the listening connection failed. */
  reconnectMs?: number;
  log?: { warn: (obj: object, msg: string) => void; info: (msg: string) => void };
}

/**
 * Token versions remembered in this process and forgotten the moment PostgreSQL announces a
 * change (LISTEN on the channel the account_token_version trigger notifies on commit), so a role
 * change, a password change or a deleted account in any process refuses the account's older
 * tokens here at once, without a database read per request.
 *
 * Nothing is remembered while the listening connection is not known to be up: a version read
 * then could miss its notification. A read that a notification overtook (any notification since
 * the read began) is not remembered either. Entries also expire after maxAgeMs, which bounds what
 * a notification lost to a failure no one noticed could cost.
 */
export async function listeningTokenVersions(db: Db, databaseUrl: string, options: ListeningOptions = {}): Promise<TokenVersions> {
  const pingMs = options.pingMs ?? 10_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 50_000;
  const reconnectMs = options.reconnectMs ?? 2_000;
  const remembered = new Map<string, { version: number; at: number }>();
  let listening = false;
  let closed = false;
  // Counts notifications and connection losses: a read that saw it change is not remembered.
  let changes = 0;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const forgetAll = () => {
    changes += 1;
    remembered.clear();
  };
  const lost = (err: unknown) => {
    if (closed || !listening) return;
    listening = false;
    forgetAll();
    options.log?.warn({ err }, 'the token version listener lost its connection: reading versions from the database until it is back');
    const dead = client;
    client = undefined;
    dead?.end().catch(() => {});
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(lost);
    }, reconnectMs);
    retry.unref();
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: 'portal token versions' });
    c.on('notification', (n) => {
      if (n.channel !== TOKEN_VERSION_CHANNEL) return;
      changes += 1;
      if (n.payload) remembered.delete(n.payload);
    });
    c.on('error', (err) => lost(err));
    c.on('end', () => lost(new Error('connection ended')));
    try {
      await c.connect();
      await listenForTokenVersionChanges(c);
    } catch (err) {
      await c.end().catch(() => {});
      options.log?.warn({ err }, 'the token version listener could not connect: trying again');
      schedule();
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    // Versions read before the listener was up may have missed a change.
    forgetAll();
    listening = true;
  };

  await connect();
  const ping = setInterval(() => {
    if (client && listening) pingListener(client).catch(lost);
  }, pingMs);
  ping.unref();

  return {
    async current(userId) {
      const hit = listening ? remembered.get(userId) : undefined;
      if (hit && Date.now() - hit.at < maxAgeMs) return hit.version;
      const before = changes;
      const wasListening = listening;
      const version = await findTokenVersion(db, userId);
      if (wasListening && listening && changes === before) {
        if (remembered.size >= maxEntries) remembered.clear();
        remembered.set(userId, { version, at: Date.now() });
      }
      return version;
    },
    async close() {
      closed = true;
      listening = false;
      clearInterval(ping);
      if (retry) clearTimeout(retry);
      remembered.clear();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
