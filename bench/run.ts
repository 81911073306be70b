/**
 * `npm run bench`: every benchmark, each printed as ratios against a baseline measured in the
 * same run (these machines are shared and noisy), each BENCH_RUNS times (default 3) with the median
 * and the worst run reported. `npm run bench -- ingest` runs one; `scale`
 * (BENCH_SCALE_ROWS, default 1M,10M,50M,100M observations) runs only when named.
 */
import { benchAlerts } from './alerts.bench';
import { benchIngest } from './ingest.bench';
import { benchIngestFile } from './ingest-file.bench';
import { benchMapFeed } from './map-feed.bench';
import { benchMapPage } from './map-page.bench';
import { benchGraph } from './graph.bench';
import { benchDelivery } from './delivery.bench';
import { benchCompare } from './compare.bench';
import { benchLoad } from './load.bench';
import { benchExport } from './export.bench';
import { benchUsgsWaterData } from './usgs-water-data.bench';
import { benchOgcapi } from './ogcapi.bench';
import { benchHeavyPages } from './heavy-pages.bench';
import { benchOgcapiPeople } from './ogcapi-people.bench';
import { benchScale } from './scale.bench';
import { benchDataReview } from './data-review.bench';
import { benchStatistics } from './statistics.bench';
import os from 'node:os';
import { startRun, writeResults } from './results';

const BENCHES: Record<string, () => Promise<void | 'recorded nothing'>> = {
  ingest: () => benchIngest(),
  'ingest-file': () => benchIngestFile(),
  'map-feed': () => benchMapFeed(),
  // A large district's staff feed: the rebuild after a data change at 100,000 locations.
  'map-feed-100k': () => benchMapFeed(100_000, 20, 'map-feed-100k'),
  'map-page': () => benchMapPage(),
  graph: () => benchGraph(),
  delivery: () => benchDelivery(),
  alerts: () => benchAlerts(),
  compare: () => benchCompare(),
  load: () => benchLoad(),
  export: () => benchExport(),
  'usgs-water-data': () => benchUsgsWaterData(),
  ogcapi: () => benchOgcapi(),
  'ogcapi-people': () => benchOgcapiPeople(),
  'heavy-pages': () => benchHeavyPages(),
  statistics: () => benchStatistics(),
  scale: () => benchScale(),
  'data-review': () => benchDataReview(),
};
/** Run only when named: `npm run bench -- scale` grows a database to 100M rows for hours. */
const ONLY_WHEN_NAMED = new Set(['scale']);

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!BENCHES[name]) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
}
// One run can be lucky: each benchmark runs BENCH_RUNS times (default 3), and RESULTS.md shows
// the median run and the worst.
const runs = Number(process.env.BENCH_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error(`BENCH_RUNS must be a whole number from 1 to 20, not "${process.env.BENCH_RUNS}"`);
  process.exit(2);
}
/**
 * Waits (at most two minutes) for the one-minute load average to fall below 1: a run started
 * while the last one's work still weighs on the load average would be taken on a busy machine.
 */
async function quietMachine(): Promise<void> {
  const until = Date.now() + 120_000;
  while (os.loadavg()[0] >= 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 2000));
}

const ran: string[] = [];
for (const [name, run] of Object.entries(BENCHES)) {
  if (wanted.length ? !wanted.includes(name) : ONLY_WHEN_NAMED.has(name)) continue;
  for (let i = 1; i <= (ONLY_WHEN_NAMED.has(name) ? 1 : runs); i++) {
    await quietMachine();
    startRun(i);
    if (runs > 1) console.log(`\n### ${name}: run ${i} of ${runs}`);
    // A run that records nothing (a re-measure of the scale bench) leaves the file's rows of it as they are.
    if ((await run()) !== 'recorded nothing' && !ran.includes(name)) ran.push(name);
  }
}
const resultsFile = new URL('./RESULTS.md', import.meta.url).pathname;
writeResults(resultsFile, ran);
console.log(`\nWrote ${resultsFile}`);
// Each benchmark stops its own servers and databases; a worker thread or keep-alive socket the
// code under test leaves behind (the CPU pool of an in-process app) must not keep the command open.
process.exit(0);
