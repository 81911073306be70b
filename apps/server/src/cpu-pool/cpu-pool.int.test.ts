import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cpuPool } from './cpu-pool';

/**
 * Starts a request, waits until its CPU work is in the worker thread, then asks /healthz: the
 * event loop must answer while the work is still going on. Work done on the event loop itself
 * would finish before anything else ran, and never show up as a pending task.
 */
async function healthzDuring(h: TestApp, urls: string[]) {
  let finished = 0;
  const work = Promise.all(urls.map((url) => h.app.inject({ url }).finally(() => (finished += 1))));
  for (let i = 0; i < 100_000 && cpuPool.pendingTasks === 0 && finished < urls.length; i++) await new Promise((r) => setImmediate(r));
  const handedOver = cpuPool.pendingTasks > 0;
  const health = await h.app.inject({ url: '/healthz' });
  const finishedBeforeHealthz = finished;
  return { answers: await work, handedOver, health, finishedBeforeHealthz };
}

describe('CPU work runs off the event loop', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(async () => h.close());

  it('answers /healthz while a new glyph range is being built', async () => {
    // Cyrillic in bold: not built yet in this process (about half a second of work).
    const r = await healthzDuring(h, ['/api/basemaps/glyphs/Open%20Sans%20Bold/1024-1279.pbf']);
    expect(r.handedOver).toBe(true);
    expect(r.health.statusCode).toBe(200);
    expect(r.finishedBeforeHealthz).toBe(0);
    expect(r.answers[0].statusCode).toBe(200);
    expect(r.answers[0].rawPayload.length).toBeGreaterThan(1000);
  });

  it('answers /healthz while demo camera frames are rendered', async () => {
    const r = await healthzDuring(
      h,
      Array.from({ length: 6 }, () => '/demo-cameras/western.jpg'),
    );
    expect(r.handedOver).toBe(true);
    expect(r.health.statusCode).toBe(200);
    expect(r.finishedBeforeHealthz).toBeLessThan(6);
    for (const res of r.answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    }
  });
});
