/**
 * Figures of the public ClarifyCodeBench release as its dataset README lists them, so the tests
 * that recompute them (from the file, or from a re-exported legacy import) check the same numbers.
 */
export const PUBLIC_KEYWORD_COUNTS: Readonly<Record<string, number>> = {
  'Output Format': 188,
  Terminology: 160,
  'Edge Cases': 80,
  Behavior: 77,
  'Indices & Ranges': 61,
  'Collection Semantics': 50,
  'Comparison Rules': 27,
  'Ordering & Atomicity': 18,
  Units: 9,
  'Numerical Precision': 5,
  'String & Localization': 4,
};
