import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Every figure a benchmark wants in bench/RESULTS.md: the measured value, the baseline measured
 * in the same run (these machines are shared and noisy, so targets are ratios where they can be)
 * and the target it is held against. Speed is reported, never a pass/fail test.
 */
export interface Figure {
  /** The benchmark's name as `npm run bench -- <name>` knows it. */
  bench: string;
  /** What was measured, e.g. 'United feed rebuild, 10,000 locations'. */
  what: string;
  /** The measured value with its unit, e.g. '412 ms' or '1,240 req/s'. */
  value: string;
  /** The baseline it is compared with, e.g. 'json_agg of the same rows: 301 ms'; empty when none. */
  baseline?: string;
  /** value / baseline, when there is a baseline. */
  ratio?: number;
  /** The target in words, e.g. '≤ 1.5x json_agg'; empty when the figure has none. */
  target?: string;
  /** Whether the target is met; undefined when there is no target. */
  met?: boolean;
}

/** A figure as measured: which run of the benchmark took it and the machine's load then. */
export interface MeasuredFigure extends Figure {
  run: number;
  /** One-minute load average when the figure's run began (before the bench's own work weighs on it). */
  load: number;
}

/** A figure taken at a higher load than this is reported, never taken as a result. */
export const QUIET_LOAD = 1.5;

const figures: MeasuredFigure[] = [];
let currentRun = 1;
let runLoad = os.loadavg()[0];

/**
 * Later figures belong to run `run` of their benchmark (BENCH_RUNS runs each; run.ts). The machine's
 * load is taken now, before the run: the load average counts the bench's own work too, which on
 * two cores is a load of about 2 by itself.
 */
export function startRun(run: number): void {
  currentRun = run;
  runLoad = os.loadavg()[0];
}

export function recordFigure(figure: Figure): void {
  figures.push({ ...figure, run: currentRun, load: runLoad });
}

export function recordedFigures(): readonly MeasuredFigure[] {
  return figures;
}

function cell(text: string | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|');
}

function machine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return [
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`,
    `Node.js ${process.version}`,
    `${os.type()} ${os.release()}`,
    `load average at the end (1/5/15 min): ${load}`,
  ].join('; ');
}

/**
 * Writes bench/RESULTS.md with every recorded figure. A run of some benchmarks keeps the rows
 * of the others from the last file, so `npm run bench -- export` does not wipe the load figures.
 */
export function writeResults(file: string, ranBenches: readonly string[]): void {
  const kept = readKeptRows(file, ranBenches);
  const rows = spreadOfRuns(figures).map((f) => {
    const status = [
      f.met === undefined ? '' : f.met ? 'met' : '**not met**',
      f.load > QUIET_LOAD ? `not a result (load ${f.load.toFixed(1)})` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return `| ${cell(f.bench)} | ${cell(f.what)} | ${cell(f.value)} | ${cell(f.baseline)} | ${cell(f.ratio)} | ${cell(f.target)} | ${status} | ${f.load.toFixed(1)} |`;
  });
  const text = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (one benchmark: `npm run bench -- <name>`). Each figure is held against a',
    'baseline measured in the same run where there is one, because the machines are shared and noisy.',
    'Speed is reported here, never tested: a target that is not met is a finding, not a failure.',
    '',
    `Last run: ${new Date().toISOString()} on ${machine()}.`,
    '',
    `Figures measured in several runs (BENCH_RUNS) show the median run, and the worst run after "worst:"; a target is met`,
    `only when every run met it. Load: the highest one-minute load average as its runs began; above ${QUIET_LOAD} it is no result.`,
    '',
    '| Benchmark | What | Value | Baseline (same run) | Ratio | Target | Status | Load |',
    '|---|---|---|---|---|---|---|---|',
    ...[...kept, ...rows].sort(),
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/**
 * How bad one run of a figure was, by what its target holds: its ratio when the target is a ratio
 * (or there is none), else its number (req/s: fewer is worse). A 'p50 < 50 ms' figure with a ratio
 * beside it is judged by its p50: the run with the highest ratio need not be the slowest.
 */
function badness(f: MeasuredFigure): number {
  const targetIsRatio = f.target === undefined || /\dx\b/.test(f.target);
  if (f.ratio !== undefined && targetIsRatio) return f.ratio;
  const n = Number(/[\d,.]+/.exec(f.value.replace(/^p50 /, ''))?.[0].replace(/,/g, '') ?? NaN);
  if (Number.isNaN(n)) return 0;
  return /req\/s/.test(f.value) ? -n : n;
}

/** One row per figure: the median run's value and ratio, the worst run's beside them when there were several runs. */
export function spreadOfRuns(all: readonly MeasuredFigure[]): Array<Omit<Figure, 'ratio'> & { ratio?: string; load: number }> {
  const groups = new Map<string, MeasuredFigure[]>();
  for (const f of all) {
    const key = `${f.bench}\u0000${f.what}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.values()].map((runs) => {
    const load = Math.max(...runs.map((r) => r.load));
    const ratioText = (f: MeasuredFigure) => (f.ratio === undefined ? undefined : `${f.ratio.toFixed(2)}x`);
    if (runs.length === 1) return { ...runs[0], ratio: ratioText(runs[0]), load };
    const ordered = [...runs].sort((a, b) => badness(a) - badness(b));
    const median = ordered[Math.floor((ordered.length - 1) / 2)];
    const worst = ordered[ordered.length - 1];
    const metAll = runs.every((r) => r.met === undefined) ? undefined : runs.every((r) => r.met === true);
    return {
      ...median,
      value: `${median.value} (median of ${runs.length} runs; worst: ${worst.value})`,
      ratio: median.ratio === undefined ? undefined : `${ratioText(median)} (worst: ${ratioText(worst)})`,
      met: metAll,
      load,
    };
  });
}

function readKeptRows(file: string, ranBenches: readonly string[]): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Benchmark |'))
    .filter((line) => !ranBenches.includes(line.slice(2).split(' | ')[0]));
}
