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

const figures: Figure[] = [];

export function recordFigure(figure: Figure): void {
  figures.push(figure);
}

export function recordedFigures(): readonly Figure[] {
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
  const rows = figures.map((f) => {
    const status = f.met === undefined ? '' : f.met ? 'met' : '**not met**';
    const ratio = f.ratio === undefined ? '' : `${f.ratio.toFixed(2)}x`;
    return `| ${cell(f.bench)} | ${cell(f.what)} | ${cell(f.value)} | ${cell(f.baseline)} | ${ratio} | ${cell(f.target)} | ${status} |`;
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
    '| Benchmark | What | Value | Baseline (same run) | Ratio | Target | Status |',
    '|---|---|---|---|---|---|---|',
    ...[...kept, ...rows].sort(),
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function readKeptRows(file: string, ranBenches: readonly string[]): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Benchmark |'))
    .filter((line) => !ranBenches.includes(line.slice(2).split(' | ')[0]));
}
