/** A small card input for unit tests of the data card: four records of two problems, imported gold. */
import type { CardInput } from '../../shared/release/card';
import type { ReleaseRecord } from '../../shared/release/format';
import { releaseStats } from '../../shared/release/stats';
import { DEFAULT_RELEASE_SETTINGS } from '../../shared/schemas/releaseSettings';

const qa = (question: string, answer: string, type?: string) => (type ? { question, answer, type } : { question, answer });
export const cardRecords: ReleaseRecord[] = [
  { task_id: 'task_1', question_id: 'p1', keywords: ['Units'], modified_content: 'abcd', qa_pairs: [qa('Q1?', 'A1.')] },
  { task_id: 'task_2', question_id: 'p1', keywords: ['Behavior'], modified_content: 'abcdef', qa_pairs: [qa('Q2?', 'A2.')] },
  { task_id: 'task_3', question_id: 'p1', keywords: ['Units', 'Behavior'], modified_content: 'ab', qa_pairs: [qa('Q1?', 'A1.'), qa('Q2?', 'A2.')] },
  { task_id: 'task_4', question_id: 'p2', keywords: ['Units'], modified_content: 'xyzw—', qa_pairs: [qa('Q3?', 'A3.')] },
];
export const cardProblems = [
  { questionId: 'p1', platform: 'atcoder', contestDate: '2025-02-01T00:00:00', difficulty: 'hard' },
  { questionId: 'p2', platform: 'atcoder', contestDate: '2025-01-05T00:00:00', difficulty: 'easy' },
  { questionId: 'p3', platform: 'leetcode', contestDate: '2024-01-01T00:00:00', difficulty: 'easy' },
];

export function cardInput(overrides: Partial<CardInput> = {}): CardInput {
  return {
    name: 'v2',
    title: 'ClarifyCodeBench v2',
    version: '2.0.0',
    date: '2026-12-01',
    notes: '',
    policy: 'all-subsets',
    extended: false,
    stats: releaseStats(cardRecords, cardProblems),
    jsonlSha256: 'ab'.repeat(32),
    agreement: null,
    effort: { annotations: 0, annotators: 0, totalMs: 0, medianMs: 0 },
    creation: { adjudicated: 0, doublyAnnotated: 0, imported: [{ release: 'v1', file: 'ClarifyCodeBench.jsonl', sha256: 'ef'.repeat(32), problems: 2 }], guidelines: [] },
    people: { annotators: [], adjudicators: [] },
    baselines: [],
    settings: DEFAULT_RELEASE_SETTINGS,
    example: cardRecords[0]!,
    provenance: {
      livecodebench: 'LiveCodeBench (2 from atcoder)',
      lcbVersions: [{ label: 'v6', count: 2 }],
      toolVersion: '1.2.3',
      continues: 'v1',
      overrides: { edit: 0, rewrite: 2 },
      legacyProblems: 2,
    },
    ...overrides,
  };
}

