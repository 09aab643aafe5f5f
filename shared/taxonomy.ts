/** The 11 ambiguity types of ClarifyCodeBench, in their canonical order. */
export const AMBIGUITY_TYPES = [
  'Terminology',
  'Behavior',
  'Edge Cases',
  'Indices & Ranges',
  'Ordering & Atomicity',
  'Output Format',
  'Comparison Rules',
  'Units',
  'Collection Semantics',
  'Numerical Precision',
  'String & Localization',
] as const;

export type AmbiguityType = (typeof AMBIGUITY_TYPES)[number];

/**
 * What each underspecification type leaves open, in this project's words but with the meaning
 * of the benchmark's own taxonomy (the paper's Table 2): the requirement stays silent or
 * admits several readings about the thing named.
 */
export const TYPE_DEFINITIONS: Record<AmbiguityType, string> = {
  Terminology: 'A term of the domain, an action or a state is not defined, means more than one thing, or can be read in several ways.',
  Behavior: 'The function to compute, the goal or a side effect is not pinned down, so more than one behaviour of the program fits the text.',
  'Edge Cases': 'What happens under boundary or exceptional conditions is not said, so the behaviour on special inputs is open.',
  'Indices & Ranges': 'Where indexing starts, where an interval begins and ends, or whether its ends are included is not specified.',
  'Ordering & Atomicity': 'In what order things happen, whether they happen at the same time, or whether a step is carried out as one indivisible action is unclear.',
  'Output Format': 'The structure, layout or presentation rule of the required output is missing or unclear.',
  'Comparison Rules': 'What values are compared by, how ties are broken, or whether equal items must keep their order is not specified.',
  Units: 'A quantity is given without a clear unit, scale, prefix or measuring convention.',
  'Collection Semantics': 'A collection or state is mentioned, but what belongs to it, how it is updated or how it is accessed is not specified.',
  'Numerical Precision': 'The required precision, rounding, tolerance, or handling of numeric errors is unclear.',
  'String & Localization': 'The encoding, letter case or locale conventions of text are not specified.',
};

export function isAmbiguityType(value: unknown): value is AmbiguityType {
  return typeof value === 'string' && (AMBIGUITY_TYPES as readonly string[]).includes(value);
}
