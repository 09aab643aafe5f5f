import type { CaseView } from '../../../../../shared/adjudicationView';
import type { PairCheck } from '../../../../../shared/crossCheck';
import { MAX_POINTS } from '../../../../../shared/edits';
import type { Checklist, GoldPoint, Sources } from '../../../../../shared/schemas/adjudication';
import { goldIndexOf, type Side } from './goldModel';

/** One row of the curation view: an aligned pair, a point only one side wrote, or a gold point of no slot. */
export type Slot =
  | { kind: 'pair'; n: number; pair: PairCheck; from: Sources['from'] }
  | { kind: 'only'; side: Side; index: number; from: Sources['from'] }
  | { kind: 'gold'; goldIndex: number; from: Sources['from'] };

/** The rows in reading order: pairs, only-A points, only-B points, then gold points built from none of them. */
export function curationSlots(view: CaseView, gold: readonly GoldPoint[]): Slot[] {
  const slots: Slot[] = [];
  if (view.crossCheck && view.annotations.A && view.annotations.B) {
    const { pairs, unmatchedA, unmatchedB } = view.crossCheck.alignment;
    pairs.forEach((pair, i) => slots.push({ kind: 'pair', n: i + 1, pair, from: { a: pair.a, b: pair.b } }));
    unmatchedA.forEach((index) => slots.push({ kind: 'only', side: 'A', index, from: { a: index, b: null } }));
    unmatchedB.forEach((index) => slots.push({ kind: 'only', side: 'B', index, from: { a: null, b: index } }));
  }
  const annotated = [...slots];
  gold.forEach((p, goldIndex) => {
    if (!annotated.some((s) => goldIndexOf([p], s.from) === 0)) slots.push({ kind: 'gold', goldIndex, from: p.sources.from });
  });
  return slots;
}

export const slotLabel = (slot: Slot): string =>
  slot.kind === 'pair' ? `Pair ${slot.n}` : slot.kind === 'only' ? `Only ${slot.side}: point ${slot.index + 1}` : `Row ${slot.goldIndex + 1} of the gold set (no annotator slot)`;

export const TOO_MANY_POINTS = `At most ${MAX_POINTS} gold points: drop one before taking another.`;

/** A curation action by key: what it does to the row, or why it does nothing. */
export type KeyAction = { do: 'take'; span: Side; text: Side } | { do: 'drop'; goldIndex: number } | { refuse: string };

/**
 * What `a` (take A), `b` (take B), `m` (A's span with B's text) and `x` (drop) mean on a row.
 * Taking into a full gold set is refused here, before anything reaches the draft.
 */
export function keyAction(key: 'a' | 'b' | 'm' | 'x', slot: Slot | undefined, gold: readonly GoldPoint[], readOnly: string | null): KeyAction {
  if (!slot) return { refuse: 'There is no row to act on.' };
  if (readOnly) return { refuse: readOnly };
  const at = goldIndexOf(gold, slot.from);
  if (key === 'x') return at >= 0 ? { do: 'drop', goldIndex: at } : { refuse: 'Nothing to drop: this row is not in the gold version.' };
  if (slot.kind === 'gold') return { refuse: 'This gold point has no annotator side to take from.' };
  if (key === 'm' && slot.kind === 'only') return { refuse: `Nothing to merge: only ${slot.side} wrote this point.` };
  const side: Side = key === 'b' ? 'B' : 'A';
  if (slot.kind === 'only' && slot.side !== side) return { refuse: `Nothing to take from ${side}: only ${slot.side} wrote this point.` };
  if (at < 0 && gold.length >= MAX_POINTS) return { refuse: TOO_MANY_POINTS };
  return key === 'm' ? { do: 'take', span: 'A', text: 'B' } : { do: 'take', span: side, text: side };
}

/** One key per checklist item, and `c` for all three at once. */
export const CHECK_KEYS = { plausible: 'p', ambiguous: 'g', sufficient: 's' } as const satisfies Record<keyof Checklist, string>;
export type CheckKey = (typeof CHECK_KEYS)[keyof Checklist] | 'c';
const ITEM_OF: Record<Exclude<CheckKey, 'c'>, keyof Checklist> = { p: 'plausible', g: 'ambiguous', s: 'sufficient' };

/** What a checklist key does on a row: `p`/`g`/`s` flip one item of the row's gold point, `c` ticks all three. */
export function checkAction(key: CheckKey, slot: Slot | undefined, gold: readonly GoldPoint[], readOnly: string | null): { do: 'check'; goldIndex: number; checklist: Checklist } | { refuse: string } {
  if (!slot) return { refuse: 'There is no row to act on.' };
  if (readOnly) return { refuse: readOnly };
  const at = slot.kind === 'gold' ? slot.goldIndex : goldIndexOf(gold, slot.from);
  const point = gold[at];
  if (!point) return { refuse: 'Nothing to tick: this row is not in the gold version.' };
  if (key === 'c') {
    const { plausible, ambiguous, sufficient } = point.checklist;
    if (plausible && ambiguous && sufficient) return { refuse: 'The whole checklist is already ticked.' };
    return { do: 'check', goldIndex: at, checklist: { plausible: true, ambiguous: true, sufficient: true } };
  }
  const item = ITEM_OF[key];
  return { do: 'check', goldIndex: at, checklist: { ...point.checklist, [item]: !point.checklist[item] } };
}

/**
 * The gold points in the order of their rows (pairs, only-A, only-B, then points of no row), so
 * gold point numbers run 1, 2, 3 down the page whatever order the rows were taken in.
 * Returns the same array when it is in row order already.
 */
export function inRowOrder(view: CaseView, points: GoldPoint[]): GoldPoint[] {
  const rows = curationSlots(view, []);
  const rank = (p: GoldPoint) => {
    const at = rows.findIndex((s) => goldIndexOf([p], s.from) === 0);
    return at < 0 ? rows.length : at;
  };
  const ranked = points.map((p, i) => ({ p, i, r: rank(p) }));
  const sorted = [...ranked].sort((x, y) => x.r - y.r || x.i - y.i);
  return sorted.every((s, k) => s.i === k) ? points : sorted.map((s) => s.p);
}

/** Why key 1–3 (deleting the selection for gold point `point` (0-based)) cannot happen, or null when it can. */
export function deleteRefusal(point: number, count: number, readOnly: boolean, selected: boolean): string | null {
  if (readOnly) return 'Read-only: the gold text cannot change.';
  if (point >= count) return count === 0 ? 'There is no gold point yet: take a row (a, b, m) or add a point first.' : `There is no gold point ${point + 1}: the gold set has ${count}.`;
  if (!selected) return `Select text in the gold text first; then ${point + 1} deletes it for gold point ${point + 1}.`;
  return null;
}
