import { applyEdits, type Point } from './edits';
import { subsetKey, subsetsFor, type VariantPolicy } from './subsets';
import type { AmbiguityType } from './taxonomy';

export type GoldPointLike = Pick<Point, 'deletions' | 'repairs' | 'question' | 'answer'> & { type: AmbiguityType | null };

/** A hand edit of one generated task (docs/architecture.md, "Domain model"), keyed by its subset ("0,2"). */
export interface TaskOverride {
  subset: string;
  text: string | null;
  /** Per point of the subset, in point order; null keeps the gold wording. */
  questions: string[] | null;
  answers: string[] | null;
  /** Only legacy releases carry keywords that differ from the points' types. */
  keywords: string[] | null;
  /**
   * Only legacy releases list a task's qa pairs in another order than its points': the order
   * they are released in, as positions in the subset's point order ([1, 0]: the second point's
   * pair first). Absent or null: point order.
   */
  qaOrder?: number[] | null;
  kind: 'edit' | 'rewrite';
}

export interface GeneratedTask {
  subset: number[];
  key: string;
  text: string;
  /** The key questions, each with the type of the point it was written for (in point order unless the override orders them). */
  qa: { question: string; answer: string; type: AmbiguityType | null }[];
  /** The de-duplicated types of the task's points, in point order. */
  keywords: string[];
  override: TaskOverride | null;
}

export function dedupeKeywords(types: readonly (string | null)[]): string[] {
  const out: string[] = [];
  for (const t of types) if (t !== null && !out.includes(t)) out.push(t);
  return out;
}

/** The tasks a problem's gold points generate under a policy, with overrides applied. */
export function generateTasks(
  base: string,
  points: readonly GoldPointLike[],
  policy: VariantPolicy = 'all-subsets',
  overrides: readonly TaskOverride[] = [],
): GeneratedTask[] {
  const byKey = new Map(overrides.map((o) => [o.subset, o]));
  return subsetsFor(points.length, policy).map((subset) => {
    const key = subsetKey(subset);
    const chosen = subset.map((i) => points[i]!);
    const override = byKey.get(key) ?? null;
    const byPoint = chosen.map((p, n) => ({
      question: override?.questions?.[n] ?? p.question,
      answer: override?.answers?.[n] ?? p.answer,
      type: p.type,
    }));
    // Each pair keeps its own point's type whatever order the pairs are listed in.
    const order = override?.qaOrder;
    const qa = order && order.length === byPoint.length ? order.map((n) => byPoint[n]!) : byPoint;
    return {
      subset,
      key,
      text: override?.text ?? applyEdits(base, chosen),
      qa,
      keywords: override?.keywords ?? dedupeKeywords(chosen.map((p) => p.type)),
      override,
    };
  });
}
