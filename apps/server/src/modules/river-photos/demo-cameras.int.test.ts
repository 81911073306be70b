import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('/demo-cameras/*.jpg', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(async () => h?.close());
  const get = (url: string, ip = '192.0.2.1') => h.app.inject({ url, remoteAddress: ip });

  it('renders a frame once and serves it to a burst and to requests seconds later (the overlay shows the seconds)', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => get('/demo-cameras/empire.jpg')));
    for (const res of burst) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(burst[0].rawPayload)).toBe(true);
    }
    await new Promise((r) => setTimeout(r, 1_100));
    const later = await get('/demo-cameras/empire.jpg', '192.0.2.2');
    expect(later.rawPayload.equals(burst[0].rawPayload)).toBe(true);
    expect((await get('/demo-cameras/nowhere.jpg', '192.0.2.2')).statusCode).toBe(404);
  });

  it('answers 429 with Retry-After past the camera proxy limit of one address, others unaffected', async () => {
    const ip = '192.0.2.50';
    const statuses = [];
    for (let i = 0; i < 60; i++) statuses.push((await get('/demo-cameras/western.jpg', ip)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await get('/demo-cameras/western.jpg', ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'Too Many Requests' });
    expect((await get('/demo-cameras/western.jpg', '192.0.2.51')).statusCode).toBe(200);
  });
});
