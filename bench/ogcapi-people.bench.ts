import { makeUser } from '../apps/server/test/factories';
import { createApiKey } from '../apps/server/src/modules/api-keys/api-keys.service';
import { benchDatabase, report } from './lib';
import { seedOgcSeries } from './ogcapi.bench';
import { recordFigure } from './results';
import { startBenchServer } from './server-process';

const RUNS = 30;

/**
 * The open data API as people and scripts read it, through a started server process:
 * - the items page for people (f=html: a table of 100 features, a small map, paging links)
 *   against the GeoJSON page of the same 100 features;
 * - a page of 1,000 features read with a personal API key (X-Api-Key: the key's check, its use
 *   recorded) against the same page read anonymously.
 * Each pair alternates, after a warm-up; p50 of 30.
 */
export async function benchOgcapiPeople(): Promise<void> {
  const db = await benchDatabase();
  let stop: (() => Promise<void>) | undefined;
  try {
    await seedOgcSeries(db);
    const user = await makeUser(db.db, { role: 'Administrator' });
    const { secret } = await createApiKey(
      db.db,
      { sub: user.user_id, email: user.email, roles: ['Administrator'], claims: {} },
      { name: 'bench', lifetimeDays: 30 },
    );
    const server = await startBenchServer(db, { settleMs: 3000 });
    stop = server.stop;
    const items = `${server.origin}/ogcapi/v0/collections/continuous/items?monitoring_location_id=1&parameter_code=1&datetime=2025-03-01/2025-12-31`;

    const read = async (url: string, headers: Record<string, string> = {}) => {
      const started = process.hrtime.bigint();
      const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      const type = res.headers.get('content-type') ?? '';
      if (url.includes('f=html') !== type.startsWith('text/html')) throw new Error(`${url} answered ${type}`);
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, bytes: body.byteLength };
    };
    const pairs = async (a: () => Promise<{ ms: number }>, b: () => Promise<{ ms: number }>) => {
      for (let i = 0; i < 5; i++) {
        await a();
        await b();
      } // warm-up: plans, caches, JIT
      const as: number[] = [];
      const bs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        as.push((await a()).ms);
        bs.push((await b()).ms);
      }
      const p50 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      return [p50(as), p50(bs)];
    };

    const [html, geojson] = await pairs(
      () => read(`${items}&limit=100&f=html`),
      () => read(`${items}&limit=100`),
    );
    const [keyed, anonymous] = await pairs(
      () => read(`${items}&limit=1000`, { 'x-api-key': secret }),
      () => read(`${items}&limit=1000`),
    );
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    report('ogcapi-people: the HTML view and API-key reads, p50 of 30, alternating', [
      ['items page for people, 100 features (f=html)', ms(html)],
      ['the same 100 features as GeoJSON', ms(geojson)],
      ['1,000 features with X-Api-Key', ms(keyed)],
      ['the same page anonymously', ms(anonymous)],
    ]);
    recordFigure({
      bench: 'ogcapi-people',
      what: 'Items page for people (f=html: table, map, paging), 100 features, p50',
      value: ms(html),
      baseline: `the same 100 features as GeoJSON: ${ms(geojson)}`,
      ratio: html / geojson,
      target: 'p50 < 200 ms',
      met: html < 200,
    });
    recordFigure({
      bench: 'ogcapi-people',
      what: 'A page of 1,000 features read with a personal API key, p50',
      value: ms(keyed),
      baseline: `the same page anonymously: ${ms(anonymous)}`,
      ratio: keyed / anonymous,
      target: '≤ 1.2x anonymous',
      met: keyed / anonymous <= 1.2,
    });
  } finally {
    await stop?.();
    await db.stop();
  }
}
