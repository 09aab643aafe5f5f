import type { JudgeCheck } from '../../../shared/runs/judge';
import type { RunSummary, TaskScoreRow } from '../../../shared/runs/views';

const num = (v: number | null, digits = 3) => (v === null ? '—' : v.toFixed(digits));

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The paper's main table, then per K and per type for each model. */
export function formatRunsReport(report: { runs: RunSummary[] }): string {
  if (report.runs.length === 0) return 'no runs stored; import one with: runs import FILE --model NAME --release NAME';
  const out = [
    table(
      ['model', 'pass@1 complete', 'pass@1', 'TKQR', 'ORA', 'avg turns', 'avg diff', 'unfinished', 'tasks', 'release'],
      report.runs.map((r) => [r.model, num(r.pass1_complete), num(r.pass1), num(r.tkqr), num(r.ora), num(r.avg_turns, 2), num(r.avg_diff, 2), String(r.unfinished), String(r.tasks), `${r.release} (${r.release_sha256.slice(0, 12)})`]),
    ),
  ];
  // Which judge labelled each run's hits, once any is recorded (older databases record none).
  if (report.runs.some((r) => r.judge !== undefined)) out.push('', `judges: ${report.runs.map((r) => `${r.model} ${r.judge ?? 'unrecorded'}`).join('; ')}`);
  for (const r of report.runs) {
    out.push('', `${r.model} per K:`, table(['K', 'tasks', 'pass@1 complete', 'pass@1', 'TKQR', 'ORA', 'avg turns', 'avg diff'], Object.entries(r.per_k).map(([k, f]) => [k, String(f.tasks), num(f.pass1_complete), num(f.pass1), num(f.tkqr), num(f.ora), num(f.avg_turns, 2), num(f.avg_diff, 2)])));
    out.push(
      '',
      `${r.model} per type:`,
      table(
        ['type', 'key questions', 'hit rate', 'TKQR', 'ORA', 'pass@1 complete', 'pass@1'],
        Object.entries(r.per_type).map(([t, f]) => [t, String(f.key_questions), num(f.hit_rate), num(f.tkqr), num(f.ora), num(f.pass1_complete), num(f.pass1)]),
      ),
    );
  }
  return out.join('\n');
}

export function formatTaskScores(rows: readonly TaskScoreRow[]): string {
  return table(['task', 'TKQR', 'ORA', 'turns', 'diff'], rows.map((r) => [r.task_id, num(r.tkqr), num(r.ora), String(r.turns), String(r.diff)]));
}

export function formatJudgeCheck(c: JudgeCheck & { model: string }): string {
  const m = c.confusion_matrix;
  return [
    `judge check of ${c.model}: ${c.n_turns} question turns, threshold ${c.threshold}`,
    `accuracy ${num(c.agreement_accuracy)}, Cohen's kappa ${num(c.cohen_kappa)}`,
    `confusion (run label × lexical label): tp ${m.tp}, tn ${m.tn}, fp ${m.fp}, fn ${m.fn}`,
    `positive rates: run ${num(c.gpt_positive_rate)}, lexical ${num(c.ours_positive_rate)}`,
    '',
    table(['threshold', 'accuracy', 'kappa', 'lexical positive rate'], c.threshold_sensitivity.map((s) => [s.threshold.toFixed(2), num(s.accuracy), num(s.kappa), num(s.ours_positive_rate)])),
  ].join('\n');
}
