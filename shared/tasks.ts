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
  kind: 'edit' | 'rewrite';
}

export interface GeneratedTask {
  subset: number[];
  key: string;
  text: string;
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
    const qa = chosen.map((p, n) => ({
      question: override?.questions?.[n] ?? p.question,
      answer: override?.answers?.[n] ?? p.answer,
      type: p.type,
    }));
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
