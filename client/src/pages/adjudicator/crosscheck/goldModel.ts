import { deriveProvenance } from '../../../../../shared/adjudication';
import { mergeRanges, type Point, type Range } from '../../../../../shared/edits';
import type { Checklist, GoldField, GoldPoint, Sources } from '../../../../../shared/schemas/adjudication';

/** The two annotations' points, which every gold point's provenance is measured against. */
export interface Sides {
  A: readonly Point[];
  B: readonly Point[];
  /** The stored legacy points: a gold point identical to one of them keeps provenance 'legacy'. */
  legacy?: readonly Point[];
}

export type Side = 'A' | 'B';

const UNCHECKED: Checklist = { plausible: false, ambiguous: false, sufficient: false };

const copyPoint = (p: Point): Point => ({
  deletions: p.deletions.map((r): Range => [r[0], r[1]]),
  repairs: p.repairs.map((r) => ({ ...r })),
  question: p.question,
  answer: p.answer,
  type: p.type,
});

/** Recompute provenance and field sources from content, exactly as the server will. */
export function withProvenance(point: GoldPoint, sides: Sides): GoldPoint {
  return { ...point, ...deriveProvenance(point, point.sources.from, sides.A, sides.B, sides.legacy) };
}

export function makeGoldPoint(content: Point, from: Sources['from'], sides: Sides, keep?: GoldPoint): GoldPoint {
  return withProvenance(
    { ...copyPoint(content), provenance: 'new', sources: { from }, checklist: keep?.checklist ?? UNCHECKED, note: keep?.note ?? '' },
    sides,
  );
}

/** Index of the gold point built from this slot (an aligned pair or an unmatched point), or -1. */
export function goldIndexOf(points: readonly GoldPoint[], from: Sources['from']): number {
  return points.findIndex((p) => p.sources.from.a === from.a && p.sources.from.b === from.b);
}

/**
 * Put a point for a slot into the gold set: `span` and `text` name the side each comes from
 * (take A = A/A, take B = B/B, A's span with B's text = A/B). An existing gold point of the
 * slot is replaced in place, keeping its checklist and note.
 */
export function takeSlot(points: readonly GoldPoint[], from: Sources['from'], span: Side, text: Side, sides: Sides): GoldPoint[] {
  const spanSource = span === 'A' ? sides.A[from.a ?? -1] : sides.B[from.b ?? -1];
  const textSource = text === 'A' ? sides.A[from.a ?? -1] : sides.B[from.b ?? -1];
  if (!spanSource || !textSource) return [...points];
  const content: Point = { ...copyPoint(textSource), deletions: copyPoint(spanSource).deletions, repairs: copyPoint(spanSource).repairs };
  const at = goldIndexOf(points, from);
  const next = makeGoldPoint(content, from, sides, points[at]);
  return at >= 0 ? points.map((p, i) => (i === at ? next : p)) : [...points, next];
}

/** Take one field of a gold point from A's or B's version of it. */
export function takeField(points: readonly GoldPoint[], index: number, field: GoldField, side: Side, sides: Sides): GoldPoint[] {
  const point = points[index];
  if (!point) return [...points];
  const source = side === 'A' ? sides.A[point.sources.from.a ?? -1] : sides.B[point.sources.from.b ?? -1];
  if (!source) return [...points];
  const copy = copyPoint(source);
  const patch: Partial<Point> =
    field === 'span' ? { deletions: copy.deletions, repairs: copy.repairs } : field === 'type' ? { type: copy.type } : { [field]: copy[field] };
  return updatePoint(points, index, patch, sides);
}

export function updatePoint(points: readonly GoldPoint[], index: number, patch: Partial<GoldPoint>, sides: Sides): GoldPoint[] {
  return points.map((p, i) => (i === index ? withProvenance({ ...p, ...patch }, sides) : p));
}

export function dropPoint(points: readonly GoldPoint[], index: number): GoldPoint[] {
  return points.filter((_, i) => i !== index);
}

export function addPoint(points: readonly GoldPoint[], sides: Sides): GoldPoint[] {
  return [...points, makeGoldPoint({ deletions: [], repairs: [], question: '', answer: '', type: null }, { a: null, b: null }, sides)];
}

function subtract(ranges: readonly Range[], cut: Range): Range[] {
  const out: Range[] = [];
  for (const [s, e] of ranges) {
    if (e <= cut[0] || s >= cut[1]) out.push([s, e]);
    else {
      if (s < cut[0]) out.push([s, cut[0]]);
      if (e > cut[1]) out.push([cut[1], e]);
    }
  }
  return out;
}

/** Delete a selected range for one gold point (taking it away from any other point). */
export function deleteRange(points: readonly GoldPoint[], index: number, range: Range, sides: Sides): GoldPoint[] {
  return points.map((p, i) => withProvenance({ ...p, deletions: i === index ? mergeRanges([...p.deletions, range]) : subtract(p.deletions, range) }, sides));
}

/** Restore the deleted range of a gold point that contains `offset`. */
export function restoreAt(points: readonly GoldPoint[], index: number, offset: number, sides: Sides): GoldPoint[] {
  const point = points[index];
  if (!point) return [...points];
  const deletions = point.deletions.filter(([s, e]) => !(s <= offset && offset < e));
  return updatePoint(points, index, { deletions }, sides);
}
