import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoalescedRead, FeedCache } from './feed-cache';

describe('FeedCache', () => {
  afterEach(() => vi.useRealTimers());

  it('builds once per version and shares one build between concurrent callers', async () => {
    const cache = new FeedCache<string>();
    let builds = 0;
    const build = async () => `body-${++builds}`;
    const [a, b] = await Promise.all([cache.get('k', 'v1', build), cache.get('k', 'v1', build)]);
    expect([a, b, builds]).toEqual(['body-1', 'body-1', 1]);
    expect(await cache.get('k', 'v1', build)).toBe('body-1');
    expect(await cache.get('k', 'v2', build)).toBe('body-2');
    expect(await cache.get('other', 'v2', build)).toBe('body-3');
  });

  it('rebuilds an entry older than its maximum age even when the version is the same', async () => {
    vi.useFakeTimers();
    const cache = new FeedCache<string>(1000);
    let builds = 0;
    const build = async () => `body-${++builds}`;
    await cache.get('k', 'v1', build);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', 'v1', build)).toBe('body-1');
    vi.advanceTimersByTime(2);
    expect(await cache.get('k', 'v1', build)).toBe('body-2');
  });

  it('does not keep a failed build', async () => {
    const cache = new FeedCache<string>();
    await expect(cache.get('k', 'v1', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', 'v1', async () => 'ok')).toBe('ok');
  });
});

describe('FeedCache while a rebuild runs', () => {
  it('gives the last good copy to callers arriving during a rebuild, and keeps it when the rebuild fails', async () => {
    const cache = new FeedCache<string>();
    await cache.get('k', 'v1', async () => 'old');
    let finish!: (body: string) => void;
    let builds = 0;
    const slow = () => {
      builds++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const starter = cache.get('k', 'v2', slow);
    // Another reader of the new version does not wait for (nor start) a second build.
    expect(await cache.get('k', 'v2', slow)).toBe('old');
    expect(builds).toBe(1);
    finish('new');
    expect(await starter).toBe('new');
    expect(await cache.get('k', 'v2', slow)).toBe('new');

    const failing = cache.get('k', 'v3', async () => Promise.reject(new Error('db down')));
    expect(await cache.get('k', 'v3', async () => 'unused')).toBe('new');
    await expect(failing).rejects.toThrow('db down');
    expect(await cache.get('k', 'v2', async () => 'unused')).toBe('new');
  });
});

describe('CoalescedRead', () => {
  it('shares a read among callers arriving while it runs, but never answers with a read begun before they arrived', async () => {
    const resolvers: Array<(v: string) => void> = [];
    let reads = 0;
    const reader = new CoalescedRead(
      () =>
        new Promise<string>((resolve) => {
          reads++;
          resolvers.push(resolve);
        }),
    );
    const first = reader.get();
    // Arrive while the first read runs: they wait for the next read, which they share.
    const second = reader.get();
    const third = reader.get();
    expect(reads).toBe(1);
    resolvers[0]('v1');
    expect(await first).toBe('v1');
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    resolvers[1]('v2');
    expect([await second, await third]).toEqual(['v2', 'v2']);
    // Idle again: the next caller starts its own read.
    const fourth = reader.get();
    expect(reads).toBe(3);
    resolvers[2]('v3');
    expect(await fourth).toBe('v3');
  });

  it('passes a failed read to its callers and reads again afterwards', async () => {
    let n = 0;
    const reader = new CoalescedRead(async () => {
      n++;
      if (n === 1) throw new Error('db down');
      return `v${n}`;
    });
    await expect(reader.get()).rejects.toThrow('db down');
    expect(await reader.get()).toBe('v2');
  });
});
