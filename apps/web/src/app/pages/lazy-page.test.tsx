import { renderToString } from 'react-dom/server';
import { isValidElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { preloadPageAt } from './preload-page';
import type { PageDef } from './page-access';

const Hello = () => <p>the page itself</p>;

describe('lazyPage', () => {
  it('renders through its loading screen until its code is loaded, and at once after preload', async () => {
    const element = lazyPage(async () => Hello, 'Loading the page');
    expect(renderToString(element)).toContain('Loading the page');
    const type = isValidElement(element) ? (element.type as { preload?: () => Promise<void> }) : {};
    await type.preload?.();
    expect(renderToString(element)).toContain('the page itself');
  });
});

describe('preloadPageAt', () => {
  const page = (path: string, load: () => Promise<typeof Hello>): PageDef => ({
    path,
    title: path,
    access: 'public',
    element: lazyPage(load),
  });

  it('loads the code of the page at the path, and only that page', async () => {
    const map = vi.fn(async () => Hello);
    const other = vi.fn(async () => Hello);
    const facility = vi.fn(async () => Hello);
    const pages = [page('/map', map), page('/other', other), page('/facility-pages/:ndx', facility)];
    await preloadPageAt(pages, '/map');
    await preloadPageAt(pages, '/facility-pages/7');
    expect(map).toHaveBeenCalledTimes(1);
    expect(facility).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('never rejects, and stops waiting for a page whose code does not come', async () => {
    vi.useFakeTimers();
    try {
      const failing = preloadPageAt([page('/a', () => Promise.reject(new Error('offline')))], '/a');
      await expect(failing).resolves.toBeUndefined();
      const stalled = preloadPageAt([page('/b', () => new Promise<never>(() => undefined))], '/b');
      await vi.advanceTimersByTimeAsync(2000);
      await expect(stalled).resolves.toBeUndefined();
      await expect(preloadPageAt([], '/nowhere')).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
