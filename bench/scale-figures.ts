import { recordFigure } from './results';
import { report } from './lib';

/** What one size measured, by figure name: milliseconds (or rows/s, bytes). */
export type Measured = Record<string, number>;

const FIGURES: Array<{ key: string; what: string; kind: 'read' | 'ingest' | 'size' }> = [
  { key: 'warm.bareSelect', what: 'Bare select of one series-year (35,040 rows) through pg, warm p50', kind: 'read' },
  { key: 'cold.bareSelect', what: 'Bare select of one series-year, cold (PostgreSQL restarted), median of 3', kind: 'read' },
  { key: 'warm.graphFull', what: '15-minute graph, one series-year, full answer (rows + chart), warm p50', kind: 'read' },
  { key: 'cold.graphFull', what: '15-minute graph, one series-year, full answer, cold, median of 3', kind: 'read' },
  { key: 'warm.graphChart', what: '15-minute graph, one series-year, chart only, warm p50', kind: 'read' },
  { key: 'cold.graphChart', what: '15-minute graph, one series-year, chart only, cold, median of 3', kind: 'read' },
  { key: 'warm.download', what: 'Query & Download 15-minute CSV, one facility (4 series) for a year, warm p50', kind: 'read' },
  { key: 'cold.download', what: 'Query & Download, one facility for a year, cold, median of 3', kind: 'read' },
  { key: 'warm.ogcItems', what: 'OGC API continuous items, one series-year (35,040 features), warm p50', kind: 'read' },
  { key: 'cold.ogcItems', what: 'OGC API continuous items, one series-year, cold, median of 3', kind: 'read' },
  {
    key: 'warm.mapFeed',
    what: 'United map feed rebuild (SQL, body, ETag, gzip and brotli; one location per series, so it grows with them), p50',
    kind: 'read',
  },
  { key: 'ingestRowsPerSecond', what: 'Ingest of 100,000 new rows (20 series) through ingestObservations, best of 2', kind: 'ingest' },
  { key: 'copyRowsPerSecond', what: 'COPY of the same 100,000 rows into observation (rolled back; no rollups), best of 2', kind: 'ingest' },
  { key: 'databaseBytes', what: 'Database size on disk', kind: 'size' },
  { key: 'heapBytes', what: 'observation table (heap)', kind: 'size' },
  { key: 'indexBytes', what: 'observation indexes', kind: 'size' },
  { key: 'rollupBytes', what: 'observation_daily + series_latest (with indexes)', kind: 'size' },
];

function formatted(kind: 'read' | 'ingest' | 'size', v: number): string {
  if (kind === 'read') return `${v.toFixed(1)} ms`;
  if (kind === 'ingest') return `${Math.round(v).toLocaleString('en-US')} rows/s`;
  return gb(v);
}

export function printStep(name: string, rows: number, m: Measured): void {
  report(
    `scale: ${name} (${rows.toLocaleString('en-US')} observations, grown in ${m.growSeconds.toFixed(0)} s)`,
    FIGURES.map((f) => [f.what, formatted(f.kind, m[f.key])]),
  );
}

/** One row per figure and size, each held against the same figure at the first size. */
export function recordAll(measured: Array<{ label: string; rows: number; m: Measured }>): void {
  if (measured.length === 0) return;
  const first = measured[0];
  for (const f of FIGURES) {
    for (const step of measured) {
      const value = step.m[f.key];
      const base = first.m[f.key];
      const ratio = value / base;
      const target = f.kind === 'read' ? `≤ 1.5x at ${first.label}` : f.kind === 'ingest' ? `≥ 0.8x at ${first.label}` : undefined;
      const met = step === first || !target ? undefined : f.kind === 'read' ? ratio <= 1.5 : ratio >= 0.8;
      recordFigure({
        bench: 'scale',
        what: `${f.what}, at ${step.label} (${step.rows.toLocaleString('en-US')} rows)`,
        value: formatted(f.kind, value),
        baseline: step === first ? undefined : `at ${first.label}: ${formatted(f.kind, base)}`,
        ratio: step === first ? undefined : ratio,
        target: step === first ? undefined : target,
        met,
      });
    }
  }
  // The two goals at one size, held at every size: the full graph answer within 1.5x the bare
  // select of its rows, and ingest (with rollups) within 1.2x the time COPY takes for the same rows.
  for (const step of measured) {
    const graphRatio = step.m['warm.graphFull'] / step.m['warm.bareSelect'];
    recordFigure({
      bench: 'scale',
      what: `15-minute graph full answer against the bare select of its rows, warm p50, at ${step.label}`,
      value: formatted('read', step.m['warm.graphFull']),
      baseline: `bare select: ${formatted('read', step.m['warm.bareSelect'])}`,
      ratio: graphRatio,
      target: '≤ 1.5x bare select',
      met: graphRatio <= 1.5,
    });
    const ingestRatio = step.m.copyRowsPerSecond / step.m.ingestRowsPerSecond;
    recordFigure({
      bench: 'scale',
      what: `Ingest time against COPY of the same 100,000 rows, at ${step.label}`,
      value: formatted('ingest', step.m.ingestRowsPerSecond),
      baseline: `COPY: ${formatted('ingest', step.m.copyRowsPerSecond)}`,
      ratio: ingestRatio,
      target: '≤ 1.2x COPY',
      met: ingestRatio <= 1.2,
    });
  }
  for (const step of measured) {
    recordFigure({
      bench: 'scale',
      what: `Growth step to ${step.label}: generation + rollups + vacuum`,
      value: `${step.m.growSeconds.toFixed(0)} s`,
    });
  }
}

export function label(rows: number): string {
  return rows >= 1_000_000 ? `${rows / 1_000_000}M` : `${rows / 1000}k`;
}

export function gb(bytes: number): string {
  return bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(2)} GB` : `${(bytes / 2 ** 20).toFixed(0)} MB`;
}
