import { isTinyRepair, mergeRanges, MAX_POINTS, type Range, type Repair } from '../../../shared/edits';
import type { LineRecord } from '../../../shared/release/rules';
import { matchPoints } from '../../../shared/release/matchPoints';
import { reconstructEdits, type Reconstruction } from '../../../shared/release/reconstruct';
import { subsetKey, subsetsFor } from '../../../shared/subsets';
import { generateTasks, type GoldPointLike, type TaskOverride } from '../../../shared/tasks';
import { isAmbiguityType } from '../../../shared/taxonomy';

/** How a released task relates to the points recovered for its problem. */
export type TaskKind = 'pure' | 'repaired' | 'rewrite';

export interface RecoveredTask {
  taskId: string;
  line: number;
  subset: string;
  /** Of the task text against the base text: pure deletion, deletions plus small repairs, or a rewrite. */
  kind: TaskKind;
  repairs: (Repair & { before: string })[];
  /** The stored override, when generation alone does not give the released record. */
  override: TaskOverride & { repairs: Repair[] } | null;
}

export interface RecoveredProblem {
  points: GoldPointLike[];
  tasks: RecoveredTask[];
  /** Subsets the policy generates but the release leaves out. */
  exclusions: string[];
}

export interface Unrecoverable {
  reason: string;
}

const withBefore = (base: string, r: Reconstruction) => r.repairs.map((x) => ({ ...x, before: base.slice(x.start, x.end) }));

function taskKind(r: Reconstruction): TaskKind {
  return r.pure ? 'pure' : r.explainable ? 'repaired' : 'rewrite';
}

/**
 * The edits a rewritten single-point task keeps as its point: the deletions, the small
 * repairs, and for a word change the letters it drops ("resulting" → "result" deletes
 * "ing"); a substituted phrase counts as deleted. Its override keeps the exact text.
 */
function bestEffortEdits(base: string, r: Reconstruction): { deletions: Range[]; repairs: Repair[] } {
  const deletions: Range[] = [...r.deletions];
  const repairs: Repair[] = [];
  for (const repair of r.repairs) {
    const before = base.slice(repair.start, repair.end);
    if (isTinyRepair(before, repair.text)) repairs.push(repair);
    else if (before.length === 0) continue;
    else if (before.startsWith(repair.text)) deletions.push([repair.start + repair.text.length, repair.end]);
    else if (before.endsWith(repair.text)) deletions.push([repair.start, repair.end - repair.text.length]);
    else deletions.push([repair.start, repair.end]);
  }
  return { deletions: mergeRanges(deletions.filter(([s, e]) => s < e)), repairs };
}

function recoverPoint(base: string, entry: LineRecord): { point: GoldPointLike; reconstruction: Reconstruction } {
  const { record } = entry;
  const r = reconstructEdits(base, record.modified_content);
  const edits = r.explainable ? { deletions: r.deletions, repairs: r.repairs } : bestEffortEdits(base, r);
  const keyword = record.keywords[0] ?? null;
  const qa = record.qa_pairs[0]!;
  return { point: { ...edits, question: qa.question, answer: qa.answer, type: isAmbiguityType(keyword) ? keyword : null }, reconstruction: r };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * A combination task's released qa pairs in the subset's point order, and the order they are
 * released in (as positions in that point order; null when it is point order).
 */
function inPointOrder(match: readonly number[], qa: LineRecord['record']['qa_pairs']) {
  const sorted = [...match].sort((a, b) => a - b);
  const order = match.map((p) => sorted.indexOf(p));
  const byPoint = sorted.map((p) => qa[match.indexOf(p)]!);
  return { questions: byPoint.map((q) => q.question), answers: byPoint.map((q) => q.answer), qaOrder: order.every((n, i) => n === i) ? null : order };
}

/** The override giving exactly the released record, with only the fields that differ; null when none do. */
function overrideFor(base: string, points: readonly GoldPointLike[], match: readonly number[], entry: LineRecord, forceRewrite: boolean): RecoveredTask['override'] {
  const key = subsetKey(match);
  const generated = generateTasks(base, points, 'all-subsets').find((t) => t.key === key)!;
  const { record } = entry;
  const text = record.modified_content;
  const { questions, answers, qaOrder } = inPointOrder(match, record.qa_pairs);
  const override = {
    subset: key,
    text: forceRewrite || generated.text !== text ? text : null,
    questions: sameList(generated.qa.map((q) => q.question), questions) ? null : questions,
    answers: sameList(generated.qa.map((q) => q.answer), answers) ? null : answers,
    keywords: sameList(generated.keywords, record.keywords) ? null : [...record.keywords],
    qaOrder,
  };
  if (!forceRewrite && override.text === null && override.questions === null && override.answers === null && override.keywords === null && qaOrder === null) return null;
  const r = reconstructEdits(base, text);
  return { ...override, kind: forceRewrite || !r.explainable ? 'rewrite' : 'edit', repairs: r.repairs };
}

/**
 * Recover a problem's gold points from its released tasks (docs/architecture.md, "Domain model"): each single-point task
 * is one point, in release order, its edits reconstructed against the base text; each
 * combination task is matched to its points by identity (shared/release/matchPoints), and its
 * override keeps its questions in point order with the order the release lists them in. Every task gets
 * the override (if any) that makes generation reproduce it field for field.
 */
export function recoverProblem(base: string, entries: readonly LineRecord[]): RecoveredProblem | Unrecoverable {
  const singles = entries.filter((e) => e.record.qa_pairs.length === 1);
  if (singles.length === 0) return { reason: 'it has no single-point task to recover its points from' };
  if (singles.length > MAX_POINTS) return { reason: `it has ${singles.length} single-point tasks; a problem has at most ${MAX_POINTS} points` };
  const recovered = singles.map((e) => recoverPoint(base, e));
  const points = recovered.map((r) => r.point);
  const tasks: RecoveredTask[] = [];
  const seen = new Map<string, LineRecord>();
  for (const entry of entries) {
    const single = singles.indexOf(entry);
    const subset = single >= 0 ? [single] : matchPoints(points, entry.record.qa_pairs);
    if (!subset) return { reason: `line ${entry.line} (${entry.record.task_id}): its questions match none of the problem's single-point tasks` };
    const key = subsetKey(subset);
    const clash = seen.get(key);
    if (clash) return { reason: `line ${entry.line} (${entry.record.task_id}) has the same points as line ${clash.line} (${clash.record.task_id})` };
    seen.set(key, entry);
    const r = single >= 0 ? recovered[single]!.reconstruction : reconstructEdits(base, entry.record.modified_content);
    const kind = taskKind(r);
    tasks.push({ taskId: entry.record.task_id, line: entry.line, subset: key, kind, repairs: withBefore(base, r), override: overrideFor(base, points, subset, entry, single >= 0 && kind === 'rewrite') });
  }
  const exclusions = subsetsFor(points.length, 'all-subsets').map(subsetKey).filter((k) => !seen.has(k));
  return { points, tasks, exclusions };
}
