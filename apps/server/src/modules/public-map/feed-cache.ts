/**
 * Keeps the built location feeds (JSON text) while nothing they show has changed.
 *
 * Every write to a table the feeds read bumps the map_feed_version sequence (statement
 * triggers, migration 0005), so a cached body is served only while the version is the same.
 * A sequence is bumped before its transaction commits, so a body built in that instant could
 * carry the new version with the old data; entries also expire after `maxAgeMs`, which bounds
 * that case and the drift of reporting status with the clock. Concurrent misses share one build.
 */
export class FeedCache<T = string> {
  private entries = new Map<string, { version: string; builtAt: number; body: T }>();
  private building = new Map<string, Promise<T>>();

  constructor(private readonly maxAgeMs = 15_000) {}

  async get(key: string, version: string, build: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.builtAt < this.maxAgeMs) return hit.body;
    const flightKey = `${key}\u0000${version}`;
    let pending = this.building.get(flightKey);
    if (!pending) {
      const builtAt = Date.now();
      pending = build()
        .then((body) => {
          this.entries.set(key, { version, builtAt, body });
          return body;
        })
        .finally(() => this.building.delete(flightKey));
      this.building.set(flightKey, pending);
    }
    return pending;
  }
}
