import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeLocation } from '../../../test/factories';
import { OGC_LOC, seedOgcDistrict } from '../../../test/ogcapi-fixture';

const PUBLIC_URL = 'https://water.example.org';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const HOSTILE_NAME = `<script>alert(1)</script> "&'`;

let h: TestApp;
let admin: string;
let hostile: number;

beforeAll(async () => {
  h = await createTestApp({ PUBLIC_URL });
  await seedOgcDistrict(h.t.db);
  const made = await makeLocation(h.t.db, {
    location_id: `<b>ID</b>"&'`,
    location_name: HOSTILE_NAME,
    location_display_label: HOSTILE_NAME,
    latitude: 40.5,
    longitude: -104.6,
  });
  hostile = made.location_ndx;
  admin = await h.tokenFor({ sub: 'usr_html_admin', roles: ['Administrator'] });
}, 60_000);
afterAll(async () => h?.close());

async function get(url: string, headers: Record<string, string> = {}, token?: string) {
  return h.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
}

/** The hrefs of the anchors of a page whose text is exactly `text`. */
function anchors(html: string, text: string): string[] {
  return [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].filter((m) => m[2] === text).map((m) => m[1].replace(/&amp;/g, '&'));
}

describe('pages for people', () => {
  it.each(['/ogcapi', '/ogcapi/', '/ogcapi/v0', '/ogcapi/v0/'])('serves the landing page at %s to a browser', async (url) => {
    const res = await get(url, { accept: BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(res.headers.vary)).toMatch(/^Authorization, Accept\b/);
    const root = `${PUBLIC_URL}${url.replace(/\/$/, '')}`;
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<a class="skip" href="#main">');
    expect(res.body).toMatch(/<main id="main"/);
    expect(anchors(res.body, 'Collections')).toContain(`${root}/collections?f=html`);
    expect(anchors(res.body, 'Conformance')).toContain(`${root}/conformance?f=html`);
    expect(anchors(res.body, 'OpenAPI document')).toEqual([`${root}/api`]);
    expect(anchors(res.body, 'This page as JSON')).toEqual([`${root}?f=json`]);
  });

  it('serves f=html whatever the Accept header, and keeps the security headers', async () => {
    const res = await get('/ogcapi/collections?f=html', { accept: 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(res.headers.vary)).not.toContain('Accept');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('<caption id="collections-caption">6 collections</caption>');
    expect(res.body).toMatch(/<th scope="col">Id<\/th><th scope="col">Title<\/th><th scope="col">Description<\/th>/);
    expect(anchors(res.body, 'daily')).toEqual([`${PUBLIC_URL}/ogcapi/collections/daily?f=html`]);
  });

  it('shows a collection with its extent, queryables and types, and its items in three formats', async () => {
    const res = await get('/ogcapi/v0/collections/continuous', { accept: BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<dt>Bounding box</dt><dd>-104.56, 40.41, -104.56, 40.41');
    expect(res.body).toContain('<tr><th scope="row">time</th><td>string (date-time)</td></tr>');
    const items = `${PUBLIC_URL}/ogcapi/v0/collections/continuous/items`;
    expect(anchors(res.body, 'Items (HTML)')).toEqual([`${items}?f=html`]);
    expect(anchors(res.body, 'Items (GeoJSON)')).toEqual([`${items}?f=json`]);
    expect(anchors(res.body, 'Items (CSV)')).toEqual([`${items}?f=csv`]);
  });

  it("pages items with a table, a map of the points, the count and the JSON page's next link", async () => {
    const first = await get('/ogcapi/collections/continuous/items?limit=50', { accept: BROWSER });
    expect(first.statusCode).toBe(200);
    expect(first.body.match(/<tr><th scope="row">/g)).toHaveLength(50);
    expect(first.body).toMatch(/<th scope="col">value<\/th>/);
    expect(first.body).toMatch(/<svg [^>]*role="img" aria-labelledby="map-title map-desc" data-points="50"/);
    expect(first.body).toMatch(/<p id="count"><strong>50 of [\d,]+ matching features on this page<\/strong>/);
    expect(anchors(first.body, 'First page')).toEqual([]);
    const json = (await get('/ogcapi/collections/continuous/items?limit=50')).json() as { links: { rel: string; href: string }[] };
    const nextJson = json.links.find((l) => l.rel === 'next')!.href;
    const next = anchors(first.body, 'Next page');
    expect(next).toHaveLength(2);
    expect(next[0]).toBe(`${nextJson}&f=html`);
    const thisJson = anchors(first.body, 'This page as GeoJSON')[0];
    expect(thisJson).toBe(`${PUBLIC_URL}/ogcapi/collections/continuous/items?limit=50&f=json`);

    const second = await get(next[0].slice(PUBLIC_URL.length));
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.body.match(/<tr><th scope="row">/g)).toHaveLength(50);
    expect([...new Set(anchors(second.body, 'First page'))]).toEqual([`${PUBLIC_URL}/ogcapi/collections/continuous/items?limit=50&f=html`]);
    // The JSON and CSV links name this very page: the same features.
    const asJson = (await get(anchors(second.body, 'This page as GeoJSON')[0].slice(PUBLIC_URL.length))).json() as {
      features: { id: string }[];
    };
    const ids = [...second.body.matchAll(/<tr><th scope="row"><a href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(asJson.features.map((f) => f.id)).toEqual(ids);
    const asCsv = await get(anchors(second.body, 'This page as CSV')[0].slice(PUBLIC_URL.length));
    expect(
      asCsv.body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(ids);
  });

  it('shows a hundred features when the query names no limit, and refuses more than a table holds', async () => {
    const page = await get('/ogcapi/collections/continuous/items?f=html');
    expect(page.body.match(/<tr><th scope="row">/g)).toHaveLength(100);
    const tooMany = await get('/ogcapi/collections/continuous/items?f=html&limit=5000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'InvalidParameterValue' });
  });

  it('shows one feature', async () => {
    const res = await get(`/ogcapi/collections/monitoring-locations/items/RWSD-${OGC_LOC.public}?f=html`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<dt>monitoring_location_name</dt><dd>South Platte at Kersey</dd>');
    expect(res.body).toContain('data-points="1"');
  });
});

describe('escaping', () => {
  it('escapes every text of a hostile location name on the items, item and JSON-linked pages', async () => {
    for (const url of [
      '/ogcapi/collections/monitoring-locations/items?f=html',
      `/ogcapi/collections/monitoring-locations/items/RWSD-${hostile}?f=html`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('<script>');
      expect(res.body).not.toContain('<b>ID</b>');
      expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;&amp;&#39;');
      expect(res.body).toContain('&lt;b&gt;ID&lt;/b&gt;&quot;&amp;&#39;');
    }
  });
});

describe('access', () => {
  it('never shows a private location to an anonymous browser, and shows it to staff with a bearer token', async () => {
    const anonymous = await get('/ogcapi/collections/monitoring-locations/items', { accept: BROWSER });
    expect(anonymous.body).toContain('South Platte at Kersey');
    expect(anonymous.body).not.toContain('Private Gage');
    expect(anonymous.body).not.toContain('Excluded Gage');
    expect((await get(`/ogcapi/collections/monitoring-locations/items/RWSD-${OGC_LOC.private}?f=html`)).statusCode).toBe(404);
    const staff = await get('/ogcapi/collections/monitoring-locations/items', { accept: BROWSER }, admin);
    expect(staff.body).toContain('Private Gage');
    expect(staff.headers['cache-control']).toBe('private, no-cache');
    const item = await get(`/ogcapi/collections/monitoring-locations/items/RWSD-${OGC_LOC.private}?f=html`, {}, admin);
    expect(item.statusCode).toBe(200);
  });

  it('checks a bearer token as the JSON routes do: a bad one is a 401', async () => {
    const res = await get('/ogcapi/collections?f=html', {}, 'not-a-token');
    expect(res.statusCode).toBe(401);
  });

  it('keeps the HTML and the JSON of one address apart in the validator', async () => {
    const html = await get('/ogcapi/collections', { accept: BROWSER });
    const json = await get('/ogcapi/collections', { accept: 'application/json' });
    expect(html.headers.etag).not.toBe(json.headers.etag);
    const again = await get('/ogcapi/collections', { accept: 'application/json', 'if-none-match': String(html.headers.etag) });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('programs keep getting JSON', () => {
  it.each([
    ['GDAL', 'application/geo+json, application/json'],
    ['OWSLib', 'application/json'],
    ['OWSLib without Accept', undefined],
    ['requests (dataretrieval)', '*/*'],
    ['JSON before HTML', 'application/json, text/html'],
  ])('%s', async (_name, accept) => {
    for (const url of [
      '/ogcapi/v0',
      '/ogcapi/v0/collections',
      '/ogcapi/v0/collections/daily',
      '/ogcapi/v0/collections/daily/items?limit=2',
    ]) {
      const res = await get(url, accept ? { accept } : {});
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/(geo\+)?json/);
    }
  });

  it('f=json wins over a browser Accept header', async () => {
    const res = await get('/ogcapi/collections/daily/items?f=json&limit=2', { accept: BROWSER });
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
  });

  it('names the page for people among the links of every JSON answer that has one', async () => {
    const alternates = (body: { links: { rel: string; type?: string; href: string }[] }) =>
      body.links.filter((l) => l.rel === 'alternate' && l.type === 'text/html').map((l) => l.href);
    expect(alternates((await get('/ogcapi')).json())).toEqual([`${PUBLIC_URL}/ogcapi?f=html`]);
    expect(alternates((await get('/ogcapi/conformance')).json())).toEqual([`${PUBLIC_URL}/ogcapi/conformance?f=html`]);
    expect(alternates((await get('/ogcapi/collections')).json())).toEqual([`${PUBLIC_URL}/ogcapi/collections?f=html`]);
    expect(alternates((await get('/ogcapi/collections/daily')).json())).toEqual([`${PUBLIC_URL}/ogcapi/collections/daily?f=html`]);
    expect(alternates((await get('/ogcapi/collections/daily/items?limit=2')).json())).toEqual([
      `${PUBLIC_URL}/ogcapi/collections/daily/items?limit=2&f=html`,
    ]);
    expect(alternates((await get(`/ogcapi/collections/monitoring-locations/items/RWSD-${OGC_LOC.public}`)).json())).toEqual([
      `${PUBLIC_URL}/ogcapi/collections/monitoring-locations/items/RWSD-${OGC_LOC.public}?f=html`,
    ]);
  });

  it("lists html among f's values in the OpenAPI document", async () => {
    const doc = (await get('/ogcapi/api')).json() as {
      paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
    };
    const fOf = (path: string) => doc.paths[path].get.parameters.find((p) => p.name === 'f')?.schema.enum;
    expect(fOf('/collections/daily/items')).toContain('html');
    expect(fOf('/collections')).toContain('html');
    expect(fOf('/collections/{collectionId}/items/{featureId}')).toContain('html');
  });

  it('refuses f=html where there is no page for people', async () => {
    expect((await get('/ogcapi/collections/daily/queryables?f=html')).statusCode).toBe(400);
  });
});
