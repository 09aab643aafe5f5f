import { isTinyRepair, mergeRanges, MAX_POINTS, REPAIR_REACH, type Point, type Range, type Repair } from '../../../../../shared/edits';

/** Pure editing operations on an annotation's points (no DOM, no React). */

export function emptyPoint(): Point {
  return { deletions: [], repairs: [], question: '', answer: '', type: null };
}

/** Parts of `range` not covered by any of `taken`. */
export function subtractRanges(range: Range, taken: readonly Range[]): Range[] {
  let parts: Range[] = [range];
  for (const [ts, te] of mergeRanges(taken)) {
    parts = parts.flatMap(([s, e]): Range[] => {
      if (te <= s || ts >= e) return [[s, e]];
      const out: Range[] = [];
      if (s < ts) out.push([s, ts]);
      if (te < e) out.push([te, e]);
      return out;
    });
  }
  return parts;
}

const touches = (repair: Repair, [s, e]: Range) =>
  repair.start === repair.end ? repair.start > s && repair.start < e : repair.start < e && s < repair.end;

/** A repair stays only while it sits next to a deletion of its point and changes no deleted text. */
function pruneRepairs(points: Point[]): Point[] {
  const deleted = points.flatMap((p) => p.deletions);
  return points.map((p) => ({
    ...p,
    repairs: p.repairs.filter(
      (r) => !deleted.some((d) => touches(r, d)) && p.deletions.some(([s, e]) => r.start <= e + REPAIR_REACH && r.end >= s - REPAIR_REACH),
    ),
  }));
}

/** Point index → enough points to hold it (creates empty points up to it, at most MAX_POINTS). */
export function ensurePoint(points: readonly Point[], index: number): Point[] {
  const out = [...points];
  while (out.length <= index && out.length < MAX_POINTS) out.push(emptyPoint());
  return out;
}

/**
 * Why key `index + 1` cannot take a deletion, or null when it can: the keys address existing
 * points, and the next number starts a new point; a number beyond it would leave an empty
 * point in between, so it is refused with the key to press instead.
 */
export function deletionKeyProblem(points: readonly Point[], index: number): string | null {
  if (index < points.length || (index === points.length && index < MAX_POINTS)) return null;
  if (points.length >= MAX_POINTS) return `There are at most ${MAX_POINTS} points: press 1 to ${MAX_POINTS} to delete for one of them.`;
  const next = points.length + 1;
  return `Point ${index + 1} does not exist yet: press ${next} to start point ${next} (points are numbered in order).`;
}

/**
 * Delete `range` for point `index`: text another point already deletes stays with that
 * point; the point's own deletions are merged with the new one. An index past the next new
 * point changes nothing (see deletionKeyProblem).
 */
export function addDeletion(points: readonly Point[], index: number, range: Range): Point[] {
  if (deletionKeyProblem(points, index) !== null) return [...points];
  const next = ensurePoint(points, index);
  const target = next[index];
  if (!target || range[0] >= range[1]) return [...points];
  const others = next.flatMap((p, i) => (i === index ? [] : p.deletions));
  const fresh = subtractRanges(range, others);
  if (fresh.length === 0) return next;
  next[index] = { ...target, deletions: mergeRanges([...target.deletions, ...fresh]) };
  return pruneRepairs(next);
}

/** Restore (un-delete) the deletion of point `index` that contains `offset`. */
export function restoreDeletionAt(points: readonly Point[], index: number, offset: number): Point[] {
  const next = points.map((p, i) => (i === index ? { ...p, deletions: p.deletions.filter(([s, e]) => !(offset >= s && offset < e)) } : p));
  return pruneRepairs(next);
}

/** Which point deletes the character at `offset` (or -1). */
export function pointDeleting(points: readonly Point[], offset: number): number {
  return points.findIndex((p) => p.deletions.some(([s, e]) => offset >= s && offset < e));
}

/** The point whose deletion is nearest to [start, end) within REPAIR_REACH, or -1. */
export function nearestPointFor(points: readonly Point[], start: number, end: number): number {
  let best = -1;
  let bestGap = Infinity;
  points.forEach((p, i) => {
    for (const [s, e] of p.deletions) {
      const gap = Math.max(0, s - end, start - e);
      if (gap <= REPAIR_REACH && gap < bestGap) {
        best = i;
        bestGap = gap;
      }
    }
  });
  return best;
}

/** Why a repair cannot be added, or null when it can. */
export function repairProblem(base: string, points: readonly Point[], index: number, repair: Repair): string | null {
  const point = points[index];
  if (!point) return 'Choose a point for the repair.';
  if (!isTinyRepair(base.slice(repair.start, repair.end), repair.text)) {
    return 'A repair may only change punctuation, a line break or the case of a letter (at most 3 characters).';
  }
  if (!point.deletions.some(([s, e]) => repair.start <= e + REPAIR_REACH && repair.end >= s - REPAIR_REACH)) {
    return `A repair must sit next to a deletion of point ${index + 1}.`;
  }
  if (points.some((p) => p.deletions.some((d) => touches(repair, d)))) return 'A repair cannot change deleted text.';
  if (points.some((p) => p.repairs.some((r) => r.start < repair.end && repair.start < r.end) || p.repairs.some((r) => r.start === repair.start && r.end === repair.end))) {
    return 'There is already a repair here; remove it first.';
  }
  return null;
}

export function addRepair(points: readonly Point[], index: number, repair: Repair): Point[] {
  return points.map((p, i) => (i === index ? { ...p, repairs: [...p.repairs, repair].sort((a, b) => a.start - b.start) } : p));
}

export function removeRepair(points: readonly Point[], index: number, repairIndex: number): Point[] {
  return points.map((p, i) => (i === index ? { ...p, repairs: p.repairs.filter((_, r) => r !== repairIndex) } : p));
}

export function removePoint(points: readonly Point[], index: number): Point[] {
  return points.filter((_, i) => i !== index);
}

export function updatePoint(points: readonly Point[], index: number, patch: Partial<Pick<Point, 'question' | 'answer' | 'type'>>): Point[] {
  return points.map((p, i) => (i === index ? { ...p, ...patch } : p));
}
