import type { ReleaseFinding } from './rules';

/** A finding an annotator of the problem acknowledged on submit, with the reason given. */
export interface AcknowledgedNote {
  annotator: string;
  point: number;
  rule: string;
  reason: string;
}

/**
 * Per rule of the release check: how many of its findings were acknowledged by an annotator
 * of the task's problem when they submitted (the reasons with them), apart from those nobody
 * acknowledged — that nobody saw as they wrote, or that the rule finds only across the release.
 */
export interface RuleAcknowledgement {
  rule: string;
  acknowledged: number;
  unseen: number;
  reasons: { task_id: string; annotator: string; point: number; reason: string }[];
}

export function acknowledgementByRule(
  findings: readonly ReleaseFinding[],
  questionOfTask: ReadonlyMap<string, string>,
  notes: ReadonlyMap<string, readonly AcknowledgedNote[]>,
): RuleAcknowledgement[] {
  const byRule = new Map<string, RuleAcknowledgement>();
  for (const f of findings) {
    const entry = byRule.get(f.rule) ?? { rule: f.rule, acknowledged: 0, unseen: 0, reasons: [] };
    byRule.set(f.rule, entry);
    const question = questionOfTask.get(f.task_id);
    const seen = (question === undefined ? [] : (notes.get(question) ?? [])).filter((n) => n.rule === f.rule);
    if (seen.length === 0) {
      entry.unseen++;
      continue;
    }
    entry.acknowledged++;
    entry.reasons.push(...seen.map((n) => ({ task_id: f.task_id, annotator: n.annotator, point: n.point, reason: n.reason })));
  }
  return [...byRule.values()].sort((a, b) => a.rule.localeCompare(b.rule));
}
