import pg from 'pg';
import type { Logger } from 'pino';
import { dropPoolLock, holdPoolLock } from './worker-liveness.repository';

/**
 * This process's liveness connection: it holds the advisory lock of each of its job-worker pools
 * (worker-liveness.repository.ts) for as long as the pool runs. Should the connection drop, it is
 * opened again and the locks taken again; the process's pools lose their jobs' locks the same way
 * then (PostgreSQL restarting), and the worker starts a new pool.
 */
export class WorkerLiveness {
  private client: pg.Client | null = null;
  private readonly pools = new Set<string>();
  private closed = false;
  private reconnecting: Promise<void> | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly log: Logger,
  ) {}

  async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'portal job-worker liveness' });
    client.on('error', () => this.lost());
    client.on('end', () => this.lost());
    await client.connect();
    this.client = client;
    for (const id of this.pools) await holdPoolLock(client, id);
  }

  /** Registers a pool, synchronously queued first on the connection (before the pool's first job query is sent). */
  hold(poolId: string): void {
    this.pools.add(poolId);
    if (this.client) holdPoolLock(this.client, poolId).catch(() => {});
  }

  /** A pool has ended and its jobs were released. */
  async drop(poolIds: string[]): Promise<void> {
    for (const id of poolIds) {
      this.pools.delete(id);
      if (this.client) await dropPoolLock(this.client, id).catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private lost(): void {
    if (this.closed || this.reconnecting || !this.client) return;
    this.client = null;
    this.log.warn('job worker liveness connection lost; opening it again');
    this.reconnecting = (async () => {
      for (let attempt = 0; !this.closed; attempt++) {
        await new Promise((r) => setTimeout(r, Math.min(30_000, 500 * 2 ** attempt)));
        try {
          await this.open();
          return;
        } catch {
          // PostgreSQL not back yet
        }
      }
    })().finally(() => (this.reconnecting = null));
  }
}
