import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../../test/local-http';
import { createTestApp, type TestApp } from '../../../test/test-app';

const W = 160;
const H = 90;

/** A uniform light-grey JPEG: any black pixel in the answer comes from a mask. */
function greyJpeg(): Buffer {
  const data = Buffer.alloc(W * H * 4, 200);
  return Buffer.from(jpeg.encode({ data, width: W, height: H }, 90).data);
}

/** A 16x9 RGBA mask whose left half is opaque. */
function leftHalfMask(): Uint8Array {
  const data = new Uint8Array(16 * 9 * 4);
  for (let y = 0; y < 9; y++) for (let x = 0; x < 8; x++) data[(y * 16 + x) * 4 + 3] = 255;
  return encodePng({ width: 16, height: 9, data, channels: 4, depth: 8 });
}

function pixel(bytes: Buffer, x: number, y: number): number[] {
  const img = jpeg.decode(bytes, { formatAsRGBA: true });
  const i = (y * img.width + x) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

describe('POST /api/river-photos (camera proxy)', () => {
  let a: TestApp;
  let camera: LocalServer;
  let masksDir: string;
  const snapshot = greyJpeg();

  beforeAll(async () => {
    masksDir = fs.mkdtempSync(path.join(os.tmpdir(), 'camera-masks-'));
    fs.writeFileSync(path.join(masksDir, 'left-half.png'), leftHalfMask());
    camera = await startLocalServer((url, res) => {
      switch (url.pathname) {
        case '/snap.jpg':
          res.writeHead(200, { 'content-type': 'image/jpeg' });
          return void res.end(snapshot);
        case '/busy.jpg':
          res.writeHead(503, { 'content-type': 'text/plain' });
          return void res.end('busy');
        case '/broken.jpg':
          res.writeHead(500, { 'content-type': 'text/plain' });
          return void res.end('boom');
        case '/login.html':
          res.writeHead(200, { 'content-type': 'text/html' });
          return void res.end('<html>Please log in</html>');
        case '/drawing.svg':
          res.writeHead(200, { 'content-type': 'image/svg+xml' });
          return void res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        case '/moved.jpg':
          res.writeHead(302, { location: '/elsewhere.jpg' });
          return void res.end();
        case '/slow.jpg':
          return; // never answers: the proxy's timeout must end the wait
        default:
          res.writeHead(404);
          return void res.end();
      }
    });
    a = await createTestApp({ CAMERA_TIMEOUT_MS: '300', CAMERA_MASKS_DIR: masksDir });
    const row = (slug: string, file: string, mask: string | null = null) => ({
      slug,
      title: slug,
      snapshot_url: `${camera.url}/${file}`,
      mask_file_name: mask,
      page_path: null,
    });
    await a.t.db
      .insertInto('camera')
      .values([
        row('snap', 'snap.jpg'),
        row('busy', 'busy.jpg'),
        row('broken', 'broken.jpg'),
        row('login', 'login.html'),
        row('drawing', 'drawing.svg'),
        row('moved', 'moved.jpg'),
        row('slow', 'slow.jpg'),
        row('masked', 'snap.jpg?masked', 'left-half.png'),
        row('lost-mask', 'snap.jpg?lost', 'missing.png'),
        { slug: 'closed', title: 'closed', snapshot_url: 'http://127.0.0.1:9/snap.jpg', mask_file_name: null, page_path: null },
        {
          slug: 'western',
          title: 'Western Mutual Ditch',
          snapshot_url: '/demo-cameras/western.jpg',
          mask_file_name: null,
          page_path: '/river-photos/western',
        },
        { slug: 'self-api', title: 'self', snapshot_url: '/api/healthz', mask_file_name: null, page_path: null },
        { slug: 'dot-dot', title: 'dot-dot', snapshot_url: '/demo-cameras/../api/healthz', mask_file_name: null, page_path: null },
        { slug: 'encoded', title: 'encoded', snapshot_url: '/demo-cameras/%2e%2e/api/healthz', mask_file_name: null, page_path: null },
        { slug: 'backslash', title: 'backslash', snapshot_url: '/\\evil.example/api/healthz', mask_file_name: null, page_path: null },
      ])
      .execute();
  });
  afterAll(async () => {
    await a?.close();
    await camera?.close();
    fs.rmSync(masksDir, { recursive: true, force: true });
  });

  const post = (payload: object) => a.app.inject({ method: 'POST', url: '/api/river-photos', payload });

  it('answers a registered camera by its stored URL (the spec body) or its key, with no sign-in, uncached', async () => {
    for (const body of [{ cameraUrl: `${camera.url}/snap.jpg` }, { camera: 'snap' }]) {
      const res = await post(body);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.equals(snapshot)).toBe(true);
    }
  });

  it('lets visitors asking while a camera request is under way share it', async () => {
    // The slow camera never answers, so the three requests surely overlap its 300 ms timeout.
    const slowRequests = () => camera.requests.filter((u) => u.pathname === '/slow.jpg').length;
    const before = slowRequests();
    const answers = await Promise.all([post({ camera: 'slow' }), post({ camera: 'slow' }), post({ camera: 'slow' })]);
    for (const res of answers) expect(res.statusCode).toBe(504);
    expect(slowRequests() - before).toBe(1);
    // Once it has ended, the next visitor asks the camera again.
    await post({ camera: 'slow' });
    expect(slowRequests() - before).toBe(2);
  });

  it('serves the demo cameras (paths of this app) without a network peer', async () => {
    const res = await post({ cameraUrl: '/demo-cameras/western.jpg' });
    expect(res.statusCode).toBe(200);
    const img = jpeg.decode(res.rawPayload);
    expect([img.width, img.height]).toEqual([640, 360]);
  });

  it('refuses URLs that are not registered without sending any request (no open proxy)', async () => {
    const before = camera.requests.length;
    for (const cameraUrl of [
      `${camera.url}/other.jpg`,
      `${camera.url}/snap.jpg?x=1`,
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      '/demo-cameras/empire.jpg',
    ]) {
      const res = await post({ cameraUrl });
      expect(res.statusCode, cameraUrl).toBe(404);
      expect(res.json().message).toBe('No camera is registered with this URL; only registered cameras can be shown');
    }
    const unknown = await post({ camera: 'no-such-camera' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No camera "no-such-camera"');
    expect(camera.requests.length).toBe(before);
  });

  it('answers 400 with a readable message for a malformed body', async () => {
    const cases: [object, RegExp][] = [
      [{}, /either cameraUrl or camera/],
      [{ cameraUrl: `${camera.url}/snap.jpg`, camera: 'snap' }, /either cameraUrl or camera/],
      [{ camera: 'Bad Key!' }, /lower-case letters/],
      [{ camera: 'snap', extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('maps camera failures: 503 stays 503, no answer or a timeout is 504, everything else is 502', async () => {
    const cases: [string, number, RegExp][] = [
      ['busy', 503, /busy or offline/],
      ['slow', 504, /^No response received from the camera\.$/],
      ['closed', 504, /^No response received from the camera\.$/],
      ['broken', 502, /answered HTTP 500/],
      ['login', 502, /sent "text\/html" instead of a JPEG/],
      ['drawing', 502, /sent "image\/svg\+xml"/],
      ['moved', 502, /redirect \(HTTP 302\)/],
      ['self-api', 502, /path of this server that is not an image/],
      // In-process paths are an allow-list: normalised '..', '%2e%2e' and backslashes never reach the API.
      ['dot-dot', 502, /path of this server that is not an image/],
      ['encoded', 502, /path of this server that is not an image/],
      ['backslash', 502, /path of this server that is not an image/],
    ];
    for (const [slug, status, message] of cases) {
      const res = await post({ camera: slug });
      expect(res.statusCode, slug).toBe(status);
      expect(res.json().message, slug).toMatch(message);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
    // The redirect was not followed.
    expect(camera.requests.some((u) => u.pathname === '/elsewhere.jpg')).toBe(false);
  });

  it('paints the opaque pixels of a requested mask black', async () => {
    const res = await post({ camera: 'snap', maskFileName: 'left-half.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(Math.max(...pixel(res.rawPayload, 20, 45))).toBeLessThan(20);
    expect(Math.min(...pixel(res.rawPayload, 140, 45))).toBeGreaterThan(180);
  });

  it("always applies the camera's own mask, and fails closed when that mask file is missing", async () => {
    const masked = await post({ camera: 'masked' });
    expect(masked.statusCode).toBe(200);
    expect(Math.max(...pixel(masked.rawPayload, 20, 45))).toBeLessThan(20);
    const lost = await post({ camera: 'lost-mask' });
    expect(lost.statusCode).toBe(502);
    expect(lost.json().message).toBe('The camera\'s privacy mask cannot be applied: No mask file "missing.png".');
  });

  it('refuses mask names that are not plain names of existing mask files, before asking the camera', async () => {
    const before = camera.requests.length;
    for (const maskFileName of ['../left-half.png', '/etc/left-half.png', 'sub/left-half.png', '..\\left-half.png', 'left-half.jpg']) {
      const res = await post({ camera: 'snap', maskFileName });
      expect(res.statusCode, maskFileName).toBe(400);
      expect(res.json().message, maskFileName).toMatch(/plain PNG file name/);
    }
    const missing = await post({ camera: 'snap', maskFileName: 'nope.png' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No mask file "nope.png"');
    expect(camera.requests.length).toBe(before);
  });
});
