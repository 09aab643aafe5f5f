/** How a problem's gold points become tasks. */
export const VARIANT_POLICIES = ['all-subsets', 'singletons', 'full-set'] as const;
export type VariantPolicy = (typeof VARIANT_POLICIES)[number];

/**
 * The point-index subsets a policy generates for n points, in release order: by size,
 * then by point index (1 point → [0]; 2 → [0] [1] [0,1]; 3 → [0] [1] [2] [0,1] [0,2] [1,2] [0,1,2]).
 */
export function subsetsFor(n: number, policy: VariantPolicy = 'all-subsets'): number[][] {
  if (n <= 0) return [];
  if (policy === 'singletons') return Array.from({ length: n }, (_, i) => [i]);
  if (policy === 'full-set') return [Array.from({ length: n }, (_, i) => i)];
  const out: number[][] = [];
  const build = (size: number, start: number, acc: number[]) => {
    if (acc.length === size) {
      out.push([...acc]);
      return;
    }
    for (let i = start; i < n; i++) build(size, i + 1, [...acc, i]);
  };
  for (let size = 1; size <= n; size++) build(size, 0, []);
  return out;
}

/** The stored key of a subset: "0,2". */
export const subsetKey = (subset: readonly number[]): string => [...subset].sort((x, y) => x - y).join(',');
