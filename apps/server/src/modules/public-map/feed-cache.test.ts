import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedCache } from './feed-cache';

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
