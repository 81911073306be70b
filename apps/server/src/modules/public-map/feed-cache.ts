/**
 * Keeps built feed bodies while nothing they show has changed.
 *
 * Every write to a table the feeds read bumps the map_feed_version sequence (statement
 * triggers, migrations 0005 and 0150), so a cached body is served only while the version is the
 * same. A sequence is bumped before its transaction commits, so a body built in that instant
 * could carry the new version with the old data; entries also expire after `maxAgeMs`, which
 * bounds that case and the drift of reporting status with the clock.
 *
 * Concurrency (decision 0022): one build per key at a time. The caller that finds the entry out
 * of date starts the build and waits for it (so whoever just wrote sees the change); callers
 * arriving while that build runs get the last good copy at once instead of queueing behind it,
 * and only wait when there is no copy yet. A failed build keeps the last good copy.
 */
export class FeedCache<T = string> {
  private entries = new Map<string, { version: string; builtAt: number; body: T }>();
  private building = new Map<string, Promise<T>>();

  constructor(private readonly maxAgeMs = 15_000) {}

  async get(key: string, version: string, build: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.builtAt < this.maxAgeMs) return hit.body;
    const pending = this.building.get(key);
    if (pending) return hit ? hit.body : pending;
    const builtAt = Date.now();
    const started = build()
      .then((body) => {
        this.entries.set(key, { version, builtAt, body });
        return body;
      })
      .finally(() => this.building.delete(key));
    this.building.set(key, started);
    return started;
  }
}

/**
 * Shares one in-flight read (the feed version) between the requests that arrive while it runs,
 * without ever answering a request with a read that started before it arrived: those wait for
 * the next read, which all of them share. So a client that wrote and then asks sees its write,
 * and a burst of N requests costs two reads instead of N.
 */
export class CoalescedRead<T> {
  private current: Promise<T> | null = null;
  private next: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (!this.current) return this.start();
    if (!this.next) {
      const after = this.current.then(
        () => undefined,
        () => undefined,
      );
      this.next = after.then(() => {
        this.next = null;
        // A read begun since the last one ended also began after every waiter arrived.
        return this.current ?? this.start();
      });
    }
    return this.next;
  }

  private start(): Promise<T> {
    const run = this.read().finally(() => {
      if (this.current === run) this.current = null;
    });
    this.current = run;
    return run;
  }
}
