/** An audit's report: human labels against the run's, against each other, and against the lexical check on the same items. */
import type { DB } from '../../../db/database';
import { auditRows, itemRows, labelRows, type AuditRow } from '../../../db/judgeAudits';
import { BOOTSTRAP_DEFAULTS } from '../../../shared/agreement/bootstrap';
import { DEFAULT_JUDGE_THRESHOLD } from '../../../shared/runs/judge';
import { disagreements, humanVsHuman, humanVsLexical, humanVsRun, pairAgreement, sameKeyQuestion, type LabelledItem } from '../../../shared/judgeAudits/statistics';
import type { AuditReport, AuditSummary } from '../../../shared/schemas/judgeAudits';
import { requireAudit } from './lookup';

/** What a report or a table says when no judge was recorded with the run. */
export const UNRECORDED_JUDGE = 'unrecorded';

/** The audit's items with their labels, the first labeller's first. */
function labelledItems(db: DB, audit: AuditRow): LabelledItem[] {
  const labels = new Map<number, (number | null)[]>();
  for (const l of labelRows(db, audit.id)) {
    let list = labels.get(l.item_id);
    if (!list) labels.set(l.item_id, (list = []));
    list.push(l.key_question);
  }
  return itemRows(db, audit.id).map((r) => ({
    id: r.id,
    taskId: r.task_id,
    turn: r.turn,
    question: r.question,
    runLabel: r.run_label,
    similarity: r.similarity,
    labels: labels.get(r.id) ?? [],
  }));
}

function summaryOf(audit: AuditRow, items: readonly LabelledItem[]): AuditSummary & { confusion: AuditReport['confusion'] } {
  const vsRun = pairAgreement(items, humanVsRun);
  return {
    name: audit.name,
    model: audit.model,
    judge: audit.judge ?? UNRECORDED_JUDGE,
    release_sha256: audit.release_sha256,
    size: audit.size,
    seed: audit.seed,
    labelers: audit.labelers,
    created_at: audit.created_at,
    created_by: audit.created_by,
    progress: {
      complete: items.filter((i) => i.labels.length >= audit.labelers).length,
      labels: items.reduce((n, i) => n + i.labels.length, 0),
      needed: items.length * audit.labelers,
    },
    n: vsRun.n,
    accuracy: vsRun.accuracy,
    kappa: vsRun.kappa,
    kappa_ci: vsRun.kappa_ci,
    confusion: vsRun.confusion,
  };
}

/** The audit's line in a list: progress, κ and its interval. */
export function auditSummary(db: DB, audit: AuditRow): AuditSummary {
  const { confusion: _confusion, ...summary } = summaryOf(audit, labelledItems(db, audit));
  return summary;
}

/** Every audit, newest first. */
export const listAudits = (db: DB): { audits: AuditSummary[] } => ({ audits: auditRows(db).map((a) => auditSummary(db, a)) });

/** The full report of one audit (`GET /api/judge-audits/:name`, `runs audit report`). */
export function auditReport(db: DB, name: string): AuditReport {
  const audit = requireAudit(db, name);
  const items = labelledItems(db, audit);
  const twice = items.some((i) => i.labels.length >= 2);
  const sampledHits = items.filter((i) => i.runLabel === 1).length;
  return {
    ...summaryOf(audit, items),
    population: { turns: audit.turns, hits: audit.turns_hit },
    sampled: { hits: sampledHits, misses: items.length - sampledHits },
    bootstrap: { seed: BOOTSTRAP_DEFAULTS.seed, draws: BOOTSTRAP_DEFAULTS.draws, level: BOOTSTRAP_DEFAULTS.level },
    human_human: twice ? { ...pairAgreement(items, humanVsHuman), same_key_question: sameKeyQuestion(items) } : null,
    lexical: { threshold: DEFAULT_JUDGE_THRESHOLD, ...pairAgreement(items, humanVsLexical(DEFAULT_JUDGE_THRESHOLD)) },
    disagreements: disagreements(items, audit.release_sha256),
  };
}

/** The latest audit of a model's run, with labels, as the card quotes it; null when there is none. */
export function latestAuditOf(db: DB, model: string): AuditSummary | null {
  for (const audit of auditRows(db)) {
    if (audit.model !== model) continue;
    const summary = auditSummary(db, audit);
    if (summary.n > 0) return summary;
  }
  return null;
}
