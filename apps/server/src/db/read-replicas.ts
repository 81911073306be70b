import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { createDb, type Db, type DbHandle } from './client';
import { parseLsn, replicaLagSeconds, type PrimarySample } from './replica-lag';
import type { ReadRouting } from './read-routing';
import { hasReplayedTo, primaryWalPosition, standbyPosition } from './replication.repository';
import type { Database } from './schema';

/**
 * streaming: serving reads. lagging: reachable but further behind than the limit. down: not
 * reachable. not-a-standby: answers, but is not replaying a primary (promoted, or the wrong URL).
 * unknown: not checked yet.
 */
export type ReplicaState = 'streaming' | 'lagging' | 'down' | 'not-a-standby' | 'unknown';

export interface ReplicaStatus {
  /** host:port/database, never the password. */
  name: string;
  state: ReplicaState;
  /** Seconds behind the primary at the last check; null when that could not be measured. */
  lagSeconds: number | null;
}

export interface ReadReplicaOptions {
  /** A replica further behind than this serves no reads until it catches up. */
  maxLagSeconds: number;
  /** How often each replica and the primary's log position are checked. */
  checkIntervalMs?: number;
  /** Connections per replica. */
  poolSize?: number;
  /** Replicas going out of and back into service are logged here. */
  log: { warn: (msg: string) => void; info: (msg: string) => void };
}

/** How long caughtUp() waits for a replica to replay the primary's newest commits before reading the primary. */
const CAUGHT_UP_WAIT_MS = 1_000;

interface Replica {
  status: ReplicaStatus;
  handle: DbHandle;
}

/** host:port/database of a connection URL: names a replica in logs and on /readyz without its password. */
export function replicaName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/**
 * The read pool: a Kysely instance (`db`) whose connections come from a streaming replica that is
 * up and within the lag limit (round robin over several), and from the primary when none is. A
 * replica that refuses a connection is taken out of service at once with a warning, so that
 * request and the following ones read from the primary; the periodic check puts it back once it
 * answers and has caught up.
 */
export class ReadReplicas implements ReadRouting {
  readonly db: Db;
  private readonly replicas: Replica[];
  private samples: PrimarySample[] = [];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  /** Connections handed out, by where they went: for /metrics. */
  readonly connections = { replica: 0, primary: 0 };

  constructor(
    private readonly primary: { db: Db; pool: pg.Pool },
    urls: readonly string[],
    private readonly options: ReadReplicaOptions,
  ) {
    this.replicas = urls.map((url) => ({
      status: { name: replicaName(url), state: 'unknown', lagSeconds: null },
      handle: createDb(url, options.poolSize ?? 10, { connectionTimeoutMillis: 2_000 }),
    }));
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: this.routingPool() }) });
  }

  /** Checks every replica now, then every `checkIntervalMs` until close(). */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkIntervalMs ?? 1_000);
    this.timer.unref();
  }

  async caughtUp<T>(read: (db: Db) => Promise<T>): Promise<T> {
    if (!this.serving()) return read(this.primary.db);
    const lsn = await primaryWalPosition(this.primary.db);
    const onReplica = await this.db.connection().execute(async (conn) => {
      // Streaming replay is usually milliseconds behind; wait up to CAUGHT_UP_WAIT_MS for it.
      for (const started = Date.now(); Date.now() - started < CAUGHT_UP_WAIT_MS;) {
        if (await hasReplayedTo(conn, lsn)) return { result: await read(conn) };
        await new Promise((r) => setTimeout(r, 20));
      }
      return null;
    });
    return onReplica ? onReplica.result : read(this.primary.db);
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({ ...r.status }));
  }

  /** True when at least one replica serves reads; otherwise they all go to the primary. */
  serving(): boolean {
    return this.replicas.some((r) => r.status.state === 'streaming');
  }

  /** One round: the primary's log position, then each replica's replay position and lag. */
  check(): Promise<void> {
    // A slow round is not overlapped by the next one.
    this.checking ??= this.checkRound().finally(() => (this.checking = undefined));
    return this.checking;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking?.catch(() => {});
    await Promise.all(this.replicas.map((r) => r.handle.close().catch(() => {})));
  }

  private async checkRound(): Promise<void> {
    const now = Date.now();
    try {
      this.samples.push({ at: now, lsn: parseLsn(await primaryWalPosition(this.primary.db)) });
    } catch {
      // The primary not answering is /readyz's own report; lag is measured again when it is back.
    }
    // Keep enough history to tell a lag of twice the limit.
    const keepFrom = now - 2 * this.options.maxLagSeconds * 1000 - (this.options.checkIntervalMs ?? 1_000);
    while (this.samples.length > 1 && this.samples[0].at < keepFrom) this.samples.shift();
    await Promise.all(this.replicas.map((r) => this.checkReplica(r)));
  }

  private async checkReplica(replica: Replica): Promise<void> {
    try {
      const position = await standbyPosition(replica.handle.db);
      if (!position.inRecovery || position.replayed === null) return this.setState(replica, 'not-a-standby', null);
      const lag = replicaLagSeconds(this.samples, parseLsn(position.replayed), Date.now());
      this.setState(replica, lag > this.options.maxLagSeconds ? 'lagging' : 'streaming', Math.round(lag * 10) / 10);
    } catch {
      this.setState(replica, 'down', null);
    }
  }

  private setState(replica: Replica, state: ReplicaState, lagSeconds: number | null): void {
    const before = replica.status.state;
    replica.status.state = state;
    replica.status.lagSeconds = lagSeconds;
    if (before === state) return;
    const name = replica.status.name;
    if (state === 'streaming') this.options.log.info(`read replica ${name} serves reads`);
    else if (state === 'down') this.options.log.warn(`read replica ${name} is down: its reads go to the primary`);
    else if (state === 'lagging') {
      this.options.log.warn(`read replica ${name} is ${lagSeconds} s behind the primary: its reads go to the primary`);
    } else if (state === 'not-a-standby') {
      this.options.log.warn(`read replica ${name} is not a streaming standby (not in recovery): it serves no reads`);
    }
  }

  /** The pool behind `db`: a serving replica's connection, else the primary's. */
  private routingPool(): PostgresPool {
    return {
      connect: async (): Promise<PostgresPoolClient> => {
        const count = this.replicas.length;
        for (let i = 0; i < count; i++) {
          const replica = this.replicas[(this.next + i) % count];
          if (replica.status.state !== 'streaming') continue;
          try {
            const client = await replica.handle.pool.connect();
            this.next = (this.next + i + 1) % count;
            this.connections.replica++;
            return client;
          } catch {
            this.setState(replica, 'down', null);
          }
        }
        this.connections.primary++;
        return this.primary.pool.connect();
      },
      // The pools are ended by their owners: the replicas' by close(), the primary's by its handle.
      end: async () => {},
    };
  }
}
