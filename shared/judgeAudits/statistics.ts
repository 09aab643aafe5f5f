/**
 * The audit's figures: Cohen's κ, accuracy and the confusion matrix of two binary raters (hit =
 * asks a key question) over the labelled items, with a seeded percentile bootstrap interval of κ
 * that resamples items, as the agreement page does (an item's labels are drawn together).
 */
import { BOOTSTRAP_DEFAULTS, bootstrapIntervalsFromCounts, type BootstrapOptions } from '../agreement/bootstrap';
import { binaryKappa, DEFAULT_JUDGE_THRESHOLD, type Confusion } from '../runs/judge';
import type { AuditAgreement, AuditDisagreement } from '../schemas/judgeAudits';

/** One audit item with every label it got, in the order they were given. */
export interface LabelledItem {
  id: number;
  taskId: string;
  turn: number;
  question: string;
  runLabel: 0 | 1;
  similarity: number;
  /** Each labeller's choice: a key question's index, or null for none. */
  labels: readonly (number | null)[];
}

/** A pair of binary labels: the reference's (first) and the other rater's. */
export type LabelPair = readonly [boolean, boolean];

const emptyConfusion = (): Confusion => ({ tp: 0, tn: 0, fp: 0, fn: 0 });

function tally(c: Confusion, [reference, other]: LabelPair, times = 1): void {
  if (reference && other) c.tp += times;
  else if (reference) c.fn += times;
  else if (other) c.fp += times;
  else c.tn += times;
}

/** κ, accuracy, the confusion matrix and κ's interval of the pairs each item gives (items with none are left out). */
export function pairAgreement(items: readonly LabelledItem[], pairsOf: (item: LabelledItem) => readonly LabelPair[], options: BootstrapOptions = {}): AuditAgreement {
  const perItem = items.map(pairsOf).filter((pairs) => pairs.length > 0);
  const confusion = emptyConfusion();
  for (const pairs of perItem) for (const p of pairs) tally(confusion, p);
  const pairs = confusion.tp + confusion.tn + confusion.fp + confusion.fn;
  const kappa = binaryKappa(confusion);
  let kappa_ci: [number | null, number | null] = [null, null];
  if (perItem.length > 0) {
    // Each item's own confusion counts, so a draw is a weighted sum of them.
    const counts = perItem.map((ps) => {
      const c = emptyConfusion();
      for (const p of ps) tally(c, p);
      return c;
    });
    const interval = bootstrapIntervalsFromCounts(
      counts.length,
      ['kappa'],
      (times) => {
        const c = emptyConfusion();
        counts.forEach((ci, i) => {
          const t = times[i]!;
          if (t === 0) return;
          c.tp += t * ci.tp;
          c.tn += t * ci.tn;
          c.fp += t * ci.fp;
          c.fn += t * ci.fn;
        });
        return { kappa: binaryKappa(c) };
      },
      { ...BOOTSTRAP_DEFAULTS, ...options },
    ).kappa;
    kappa_ci = [interval.low, interval.high];
  }
  return { n: perItem.length, pairs, accuracy: pairs === 0 ? null : (confusion.tp + confusion.tn) / pairs, kappa, kappa_ci, confusion };
}

const hit = (label: number | null) => label !== null;

/** Each human label (the reference) against the run's label. */
export const humanVsRun = (item: LabelledItem): LabelPair[] => item.labels.map((l) => [hit(l), item.runLabel === 1]);

/** Each human label (the reference) against the lexical check's label at the threshold. */
export const humanVsLexical =
  (threshold = DEFAULT_JUDGE_THRESHOLD) =>
  (item: LabelledItem): LabelPair[] =>
    item.labels.map((l) => [hit(l), item.similarity >= threshold]);

/** The first labeller (the reference) against the second, on items labelled twice. */
export const humanVsHuman = (item: LabelledItem): LabelPair[] => (item.labels.length >= 2 ? [[hit(item.labels[0]!), hit(item.labels[1]!)]] : []);

/** Of the items labelled twice, the share where both chose the same key question (or both none); null when none is. */
export function sameKeyQuestion(items: readonly LabelledItem[]): number | null {
  const twice = items.filter((i) => i.labels.length >= 2);
  if (twice.length === 0) return null;
  return twice.filter((i) => i.labels[0] === i.labels[1]).length / twice.length;
}

/** The drill-down of a task in the run the audit was drawn from. */
export const drillDownHref = (taskId: string, releaseSha256: string) => `/runs/tasks/${encodeURIComponent(taskId)}?release=${releaseSha256}`;

/** The items where some human label and the run's label differ on hit, in the audit's order. */
export function disagreements(items: readonly LabelledItem[], releaseSha256: string): AuditDisagreement[] {
  return items
    .filter((i) => i.labels.some((l) => hit(l) !== (i.runLabel === 1)))
    .map((i) => ({
      id: i.id,
      taskId: i.taskId,
      turn: i.turn,
      question: i.question,
      run: i.runLabel === 1,
      humans: [...i.labels],
      similarity: i.similarity,
      kind: i.runLabel === 1 ? 'false hit' : 'miss',
      href: drillDownHref(i.taskId, releaseSha256),
    }));
}
