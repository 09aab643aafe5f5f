import type { Range } from '../edits';

/** base[baseAt, baseAt + length) is text[textAt, textAt + length). */
export interface KeptStretch {
  baseAt: number;
  textAt: number;
  length: number;
}

/**
 * The stretches of `base` that `text` is made of when `text` is exactly `base` with the
 * `deleted` ranges removed (in any order, overlapping or not, as applyEdits removes them);
 * null when it is not, or when a range is out of bounds. Checking costs one native string
 * comparison, so a caller that knows how a text was made (the exporter knows each task's
 * deletions) can hand it as a hint: a wrong hint only gives null.
 */
export function keptStretches(base: string, text: string, deleted: readonly Range[]): KeptStretch[] | null {
  const ranges = [...deleted].sort((a, b) => a[0] - b[0]);
  const out: KeptStretch[] = [];
  let expected = '';
  let cursor = 0;
  for (let i = 0; i <= ranges.length; i++) {
    const [start, end] = ranges[i] ?? [base.length, base.length];
    if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= base.length)) return null;
    if (start > cursor) {
      out.push({ baseAt: cursor, textAt: expected.length, length: start - cursor });
      expected += base.slice(cursor, start);
    }
    cursor = Math.max(cursor, end);
  }
  return expected.length === text.length && expected === text ? out : null;
}

/**
 * A walker over kept stretches for a left-to-right walk of base and text: at text offset t
 * and base offset b, where the stretch holding t ends when b lines up with it (the units in
 * between are equal), else t. Offsets only grow, so it moves forward through the list.
 */
export function stretchSkipper(kept: readonly KeptStretch[]) {
  let j = 0;
  return (b: number, t: number): number => {
    while (j < kept.length && kept[j]!.textAt + kept[j]!.length <= t) j++;
    const s = kept[j];
    return s && s.textAt <= t && b - t === s.baseAt - s.textAt ? s.textAt + s.length : t;
  };
}
