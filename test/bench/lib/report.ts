import fs from 'node:fs';
import os from 'node:os';
import type { BenchRow } from './types';

function fmt(x: number | null, digits = 2): string {
  if (x === null) return '—';
  if (Number.isInteger(x)) return String(x);
  if (Math.abs(x) >= 1000) return x.toFixed(0);
  if (Math.abs(x) >= 100) return x.toFixed(1);
  if (x !== 0 && Math.abs(x) < 0.1) return x.toPrecision(2);
  return x.toFixed(digits);
}

const withUnit = (x: number | null, unit: string) => (x === null ? '—' : `${fmt(x)} ${unit}`.trim());

/** The table as Markdown (`npm run docs` writes it into docs/performance.md). */
export function markdownTable(rows: readonly BenchRow[]): string {
  const lines = [
    '| scenario | median | baseline | ratio | target | pass |',
    '|---|---:|---:|---:|---|:---:|',
    ...rows.map((r) => {
      const value = withUnit(r.value, r.unit) + (r.runs > 1 ? ` (n=${r.runs})` : '');
      const note = r.note ? ` — ${r.note}` : '';
      return `| ${r.scenario}${note} | ${value} | ${withUnit(r.baseline, r.unit)} | ${r.ratio === null ? '—' : `${fmt(r.ratio)}×`} | ${r.target} | ${r.pass ? 'yes' : '**no**'} |`;
    }),
  ];
  return lines.join('\n');
}

export interface BenchReport {
  command: string;
  date: string;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  totalSeconds: number;
  results: BenchRow[];
}

/** The line under the table: targets met, and the run's duration, date and machine. */
export function reportSummary(report: BenchReport): string {
  const met = report.results.filter((r) => r.pass).length;
  const { cpus, cpuModel, node } = report.machine;
  return `${met}/${report.results.length} targets met; \`npm run bench\` took ${Math.round(report.totalSeconds)} s on ${report.date.slice(0, 10)} (${cpus} × ${cpuModel}, Node ${node}).`;
}

export function buildReport(rows: readonly BenchRow[], quick: boolean, totalSeconds: number): BenchReport {
  const r4 = (x: number | null) => (x === null ? null : Number(x.toPrecision(4)));
  return {
    command: 'npm run bench',
    date: new Date().toISOString(),
    quick,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${os.platform()} ${os.arch()}` },
    totalSeconds: Number(totalSeconds.toFixed(1)),
    results: rows.map((r) => ({ ...r, value: r4(r.value), baseline: r4(r.baseline), ratio: r4(r.ratio) })),
  };
}

export function writeReport(file: string, report: BenchReport): void {
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
}
