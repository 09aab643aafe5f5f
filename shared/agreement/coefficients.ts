/**
 * Agreement coefficients as pure functions. An undefined result is a value with a reason
 * ({ value: null, reason }), never 0 or NaN, so reports can say why a figure is missing.
 */

export type Coefficient = { value: number; reason?: undefined } | { value: null; reason: string };

export const defined = (value: number): Coefficient => ({ value });
export const undefinedBecause = (reason: string): Coefficient => ({ value: null, reason });

/** A square table: counts[i][j] = items rater A put in category i and rater B in category j. */
export type ContingencyTable = readonly (readonly number[])[];

/** Share of items on the diagonal of a contingency table. */
export function percentAgreementFromTable(table: ContingencyTable): Coefficient {
  let total = 0;
  let diagonal = 0;
  table.forEach((row, i) =>
    row.forEach((count, j) => {
      total += count;
      if (i === j) diagonal += count;
    }),
  );
  return total === 0 ? undefinedBecause('no items') : defined(diagonal / total);
}

/** Share of label pairs with equal labels. */
export function percentAgreement<T>(pairs: readonly (readonly [T, T])[]): Coefficient {
  if (pairs.length === 0) return undefinedBecause('no items');
  return defined(pairs.filter(([a, b]) => a === b).length / pairs.length);
}

/** Cohen's kappa: (p_o − p_e) / (1 − p_e), with p_e from the two raters' marginal distributions. */
export function cohenKappaFromTable(table: ContingencyTable): Coefficient {
  const k = table.length;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  let total = 0;
  let diagonal = 0;
  for (let i = 0; i < k; i++) {
    const row = table[i]!;
    if (row.length !== k) throw new Error('a contingency table must be square');
    for (let j = 0; j < k; j++) {
      const count = row[j]!;
      rows[i]! += count;
      cols[j]! += count;
      total += count;
      if (i === j) diagonal += count;
    }
  }
  return cohenKappaFromMarginals(rows, cols, diagonal, total);
}

/** Cohen's kappa from a contingency table's row and column sums, diagonal and total (what a table gives, without the table). */
export function cohenKappaFromMarginals(rows: ArrayLike<number>, cols: ArrayLike<number>, diagonal: number, total: number): Coefficient {
  if (total === 0) return undefinedBecause('no items');
  let expected = 0;
  for (let i = 0; i < rows.length; i++) expected += (rows[i]! / total) * (cols[i]! / total);
  if (expected >= 1 - 1e-12) return undefinedBecause('expected agreement is 1 (every rating in one category)');
  return defined((diagonal / total - expected) / (1 - expected));
}

/** A contingency table over the given categories (in their order) from label pairs. */
export function contingencyTable<T>(pairs: readonly (readonly [T, T])[], categories: readonly T[]): number[][] {
  const index = new Map(categories.map((c, i) => [c, i] as const));
  const table = categories.map(() => new Array<number>(categories.length).fill(0));
  for (const [a, b] of pairs) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) throw new Error(`label outside the categories: ${String(i === undefined ? a : b)}`);
    table[i]![j]!++;
  }
  return table;
}

/** Cohen's kappa from label pairs; categories default to the labels that occur. */
export function cohenKappa<T>(pairs: readonly (readonly [T, T])[], categories?: readonly T[]): Coefficient {
  const cats = categories ?? [...new Set(pairs.flat())];
  return cohenKappaFromTable(contingencyTable(pairs, cats));
}

/**
 * Krippendorff's alpha for nominal data with missing values, via the coincidence matrix:
 * each unit with m ≥ 2 values contributes 1/(m − 1) per ordered pair of its values;
 * alpha = 1 − (n − 1)·Σ_{c≠k} o_ck / Σ_{c≠k} n_c·n_k. Units: one array of values per unit,
 * null for a coder who gave none.
 */
export function krippendorffAlphaNominal<T>(units: readonly (readonly (T | null)[])[]): Coefficient {
  const coincidence = new Map<T, Map<T, number>>();
  const add = (c: T, k: T, w: number) => {
    let row = coincidence.get(c);
    if (!row) coincidence.set(c, (row = new Map()));
    row.set(k, (row.get(k) ?? 0) + w);
  };
  for (const unit of units) {
    const values = unit.filter((v): v is T => v !== null);
    const m = values.length;
    if (m < 2) continue;
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) add(values[i]!, values[j]!, 1 / (m - 1));
  }
  let n = 0;
  let disagreeing = 0;
  const marginals = new Map<T, number>();
  for (const [c, row] of coincidence) {
    for (const [k, o] of row) {
      n += o;
      marginals.set(c, (marginals.get(c) ?? 0) + o);
      if (c !== k) disagreeing += o;
    }
  }
  if (n <= 1) return undefinedBecause('fewer than two pairable values (no unit has two or more values)');
  let sumSquares = 0;
  for (const nc of marginals.values()) sumSquares += nc * nc;
  const expectedDisagreeing = n * n - sumSquares; // Σ_{c≠k} n_c·n_k
  if (expectedDisagreeing <= 1e-12) return undefinedBecause('expected disagreement is 0 (every value in one category)');
  return defined(1 - ((n - 1) * disagreeing) / expectedDisagreeing);
}

/**
 * Krippendorff's alpha (nominal) of two coders who both coded every unit, from the row and
 * column sums, diagonal and total of their contingency table: the coincidence matrix is the
 * table plus its transpose, so n = 2·total, n_c = row_c + column_c and Σ_{c≠k} o_ck =
 * 2·(total − diagonal). Equal to krippendorffAlphaNominal of the same pairs.
 */
export function krippendorffAlphaFromMarginals(rows: ArrayLike<number>, cols: ArrayLike<number>, diagonal: number, total: number): Coefficient {
  const n = 2 * total;
  if (n <= 1) return undefinedBecause('fewer than two pairable values (no unit has two or more values)');
  let sumSquares = 0;
  for (let i = 0; i < rows.length; i++) sumSquares += (rows[i]! + cols[i]!) ** 2;
  const expectedDisagreeing = n * n - sumSquares;
  if (expectedDisagreeing <= 1e-12) return undefinedBecause('expected disagreement is 0 (every value in one category)');
  return defined(1 - ((n - 1) * 2 * (total - diagonal)) / expectedDisagreeing);
}

/** Per-category (specific) agreement: 2·both / (times A chose c + times B chose c). */
export function specificAgreement(table: ContingencyTable, category: number): Coefficient {
  const both = table[category]![category]!;
  const byA = table[category]!.reduce((s, x) => s + x, 0);
  const byB = table.reduce((s, row) => s + row[category]!, 0);
  if (byA + byB === 0) return undefinedBecause('neither annotator used this category');
  return defined((2 * both) / (byA + byB));
}
