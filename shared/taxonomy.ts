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

/** Definitions written for this tool: what information a deletion of this type removes. */
export const TYPE_DEFINITIONS: Record<AmbiguityType, string> = {
  Terminology:
    'A word or symbol whose meaning is left open: the text names a concept (a sequence, a "good" string, a progression) without saying which of its possible senses is meant.',
  Behavior:
    'What the program must actually do is unclear: the operation, rule or goal that turns the input into the output is missing or only hinted at.',
  'Edge Cases':
    'How to handle boundary or degenerate situations is not said: empty input, no valid answer, ties, the smallest or largest allowed values.',
  'Indices & Ranges':
    'Where counting starts or stops is unclear: 0- or 1-based positions, inclusive or exclusive bounds, which part of a sequence or grid is meant.',
  'Ordering & Atomicity':
    'The order in which steps happen, or whether several changes take effect one at a time or all at once, is not fixed.',
  'Output Format':
    'The shape of the answer is unspecified: what to print, in which order, separated how, on how many lines, or which of several valid answers to print.',
  'Comparison Rules':
    'How two things are compared is unclear: strict or non-strict inequality, which order (lexicographic, numeric), what counts as equal.',
  Units:
    'The unit or scale of a quantity is missing: seconds or minutes, metres or kilometres, per item or in total.',
  'Collection Semantics':
    'Whether a collection may hold duplicates, is ordered, or is a set, multiset or sequence; whether its elements are distinct or sorted.',
  'Numerical Precision':
    'Required precision or rounding is unstated: how many decimal places, what error is tolerated, integer or real arithmetic.',
  'String & Localization':
    'Properties of text are unclear: character set, case sensitivity, allowed letters, how strings are formed or written.',
};

export function isAmbiguityType(value: unknown): value is AmbiguityType {
  return typeof value === 'string' && (AMBIGUITY_TYPES as readonly string[]).includes(value);
}
