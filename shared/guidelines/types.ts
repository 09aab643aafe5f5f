import { AMBIGUITY_TYPES, TYPE_DEFINITIONS, type AmbiguityType } from '../taxonomy';

/**
 * One worked example of an ambiguity type: a sentence of a statement, the span an annotator
 * deletes from it, the key question a model should then ask, and the answer — drawn from the
 * deleted span, as every answer must be. The sentences are made up for this guide.
 */
export interface WorkedExample {
  /** The sentence as the statement has it. */
  text: string;
  /** The deleted span: a part of `text`. */
  deleted: string;
  question: string;
  answer: string;
}

export interface GuidelineType {
  name: AmbiguityType;
  /** The anchor of the type on the Guidelines page, without "#": `type-edge-cases`. */
  anchor: string;
  definition: string;
  example: WorkedExample;
}

const EXAMPLES: Record<AmbiguityType, WorkedExample> = {
  Terminology: {
    text: 'A string is called a twin string if it can be split into two non-empty palindromes.',
    deleted: ' if it can be split into two non-empty palindromes',
    question: 'What makes a string a twin string?',
    answer: 'It can be split into two non-empty palindromes.',
  },
  Behavior: {
    text: 'For each query, print the sum of the array after removing its smallest element.',
    deleted: ' after removing its smallest element',
    question: 'Is the sum taken over the whole array, or is something removed first?',
    answer: 'After removing its smallest element.',
  },
  'Edge Cases': {
    text: 'Print the length of the longest run of equal letters; if the string is empty, print 0.',
    deleted: '; if the string is empty, print 0',
    question: 'What should be printed when the string is empty?',
    answer: 'If the string is empty, print 0.',
  },
  'Indices & Ranges': {
    text: 'The cells of the strip are numbered from 1 to N, left to right.',
    deleted: ' from 1 to N',
    question: 'Are the cells numbered from 0 or from 1?',
    answer: 'From 1 to N.',
  },
  'Ordering & Atomicity': {
    text: 'In each round every marked pair of boxes swaps its balls at the same time, so a ball moves at most once per round.',
    deleted: ' at the same time, so a ball moves at most once per round',
    question: "Are a round's swaps carried out one after another or all at once?",
    answer: 'At the same time, so a ball moves at most once per round.',
  },
  'Output Format': {
    text: 'Print the chosen indices in one line, separated by spaces.',
    deleted: ' in one line, separated by spaces',
    question: 'How should the chosen indices be laid out in the output?',
    answer: 'In one line, separated by spaces.',
  },
  'Comparison Rules': {
    text: 'Rank the players by score; players with equal scores are ordered by their ID, smallest first.',
    deleted: '; players with equal scores are ordered by their ID, smallest first',
    question: 'How are players with equal scores ordered?',
    answer: 'By their ID, smallest first.',
  },
  Units: {
    text: 'The speed V of the robot is given in metres per second.',
    deleted: ' in metres per second',
    question: 'In what unit is the speed V given?',
    answer: 'In metres per second.',
  },
  'Collection Semantics': {
    text: 'A playlist may hold the same song more than once; removing a song deletes only its first occurrence.',
    deleted: '; removing a song deletes only its first occurrence',
    question: 'When a song is in the playlist several times, which copy does a removal delete?',
    answer: 'Only its first occurrence.',
  },
  'Numerical Precision': {
    text: 'Print the average distance; your answer is accepted if its absolute or relative error is at most 10^{-6}.',
    deleted: '; your answer is accepted if its absolute or relative error is at most 10^{-6}',
    question: 'How precise must the printed average be?',
    answer: 'Its absolute or relative error is at most 10^{-6}.',
  },
  'String & Localization': {
    text: "Letters are compared without regard to case, so 'A' and 'a' count as the same letter.",
    deleted: " without regard to case, so 'A' and 'a' count as the same letter",
    question: 'Are uppercase and lowercase letters treated as the same letter?',
    answer: "'A' and 'a' count as the same letter, without regard to case.",
  },
};

/** The anchor of a type on the Guidelines page: "Indices & Ranges" → "type-indices-ranges". */
export function typeAnchor(type: AmbiguityType): string {
  return `type-${type.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** The 11 types in the taxonomy's order, each with its definition and one worked example. */
export const GUIDELINE_TYPES: readonly GuidelineType[] = AMBIGUITY_TYPES.map((name) => ({
  name,
  anchor: typeAnchor(name),
  definition: TYPE_DEFINITIONS[name],
  example: EXAMPLES[name],
}));
