import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { isQuick, QUICK_RESULTS_FILE, RESULTS_FILE, TMP_DIR } from './lib/config';
import { buildReport, markdownTable, writeReport } from './lib/report';
import { failedRow, type BenchContext, type BenchRow, type Scenario } from './lib/types';

// Each scenario is loaded on its own, so one that cannot even load is reported as a
// failed row while the others still run.
const SCENARIOS: { name: string; load: () => Promise<{ scenario: Scenario }> }[] = [
  { name: 'import', load: () => import('./scenarios/import') },
  { name: 'export', load: () => import('./scenarios/export') },
  { name: 'drafts', load: () => import('./scenarios/drafts') },
  { name: 'crosscheck', load: () => import('./scenarios/crossCheck') },
  { name: 'agreement', load: () => import('./scenarios/agreement') },
  { name: 'client', load: () => import('./scenarios/client') },
  { name: 'runs', load: () => import('./scenarios/runs') },
  { name: 'lists', load: () => import('./scenarios/lists') },
  { name: 'pages', load: () => import('./scenarios/pages') },
  { name: 'pilots', load: () => import('./scenarios/pilots') },
  { name: 'uploads', load: () => import('./scenarios/uploads') },
  { name: 'suggestions', load: () => import('./scenarios/suggestions') },
  { name: 'pilot-tests', load: () => import('./scenarios/pilotTests') },
];

function selected(): typeof SCENARIOS {
  const wanted = [...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',')].map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (wanted.length === 0) return SCENARIOS;
  const unknown = wanted.filter((w) => !SCENARIOS.some((s) => s.name === w));
  if (unknown.length > 0) throw new Error(`unknown scenario(s): ${unknown.join(', ')} (known: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  return SCENARIOS.filter((s) => wanted.includes(s.name));
}

async function main(): Promise<void> {
  const quick = isQuick();
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const start = performance.now();
  const ctx: BenchContext = {
    quick,
    tmpDir: TMP_DIR,
    log: (m) => console.error(`  [${((performance.now() - start) / 1000).toFixed(0).padStart(3)} s] ${m}`),
  };
  const rows: BenchRow[] = [];
  const chosen = selected();
  console.error(`CCB Studio benchmark${quick ? ' (quick mode: small sizes, not for the record)' : ''}: ${chosen.map((s) => s.name).join(', ')}`);
  for (const entry of chosen) {
    console.error(`▶ ${entry.name}`);
    try {
      const { scenario } = await entry.load();
      const got = await scenario.run(ctx);
      for (const r of got) rows.push({ ...r, scenario: `${scenario.id}. ${r.scenario}` });
    } catch (err) {
      console.error(err);
      rows.push(failedRow(entry.name, err));
    }
  }
  const seconds = (performance.now() - start) / 1000;
  // Only a full run of every scenario is the record; quick or partial runs stay in tmp/.
  const file = quick || chosen.length < SCENARIOS.length ? QUICK_RESULTS_FILE : RESULTS_FILE;
  writeReport(file, buildReport(rows, quick, seconds));
  console.log(`\n${markdownTable(rows)}\n`);
  console.log(`${rows.filter((r) => r.pass).length}/${rows.length} targets met in ${seconds.toFixed(0)} s; results written to ${file}`);
  // A missed target is a finding to report, not a crash; a scenario that could not run is.
  if (rows.some((r) => r.note?.startsWith('error:'))) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
