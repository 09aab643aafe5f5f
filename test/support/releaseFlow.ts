import type { DB } from '../../db/database';
import { setAssignedAt } from '../../db/assignments';
import type { Point } from '../../shared/edits';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from './builders';
import { spanOf } from './annotationBuilders';
import { loginAs, testApp } from './http';
import { buildGold, buildOverride, type GoldFixture } from './releaseBuilders';
import { hashOf } from './baseText';

export const STRING_STATEMENT = [
  'You are given a string S consisting of lowercase English letters.',
  'Find the number of distinct characters in S.',
  '',
  'Input',
  '',
  'The input is given from Standard Input in the following format:',
  'S',
  '',
  'Output',
  '',
  'Print the answer as an integer.',
  '',
  'Constraints',
  '',
  '- S is a string of length between 1 and 100, inclusive.',
  '',
  'Sample Input 1',
  '',
  'abc',
].join('\n');

export interface ReleaseFlow {
  maintainer: BuiltUser;
  annotators: [BuiltUser, BuiltUser];
  problems: [BuiltProblem, BuiltProblem];
  gold: [GoldFixture[], GoldFixture[]];
}

function geometricPoints(base: string): GoldFixture[] {
  return [
    { deletions: [spanOf(base, ' of positive integers')], question: 'What values can the elements take?', answer: 'The elements are positive integers.', type: 'Terminology' },
    {
      deletions: [spanOf(base, ' geometric', 0), spanOf(base, ' geometric', 1)],
      question: 'Which kind of progression must A be?',
      answer: 'A geometric progression: each term is the previous one times a fixed ratio.',
      type: 'Behavior',
    },
  ];
}

function stringPoints(base: string): GoldFixture[] {
  return [
    { deletions: [spanOf(base, ' consisting of lowercase English letters')], question: 'Which characters can S contain?', answer: 'S consists of lowercase English letters.', type: 'String & Localization' },
    { deletions: [spanOf(base, ' distinct')], question: 'Should repeated characters be counted once or every time?', answer: 'Count distinct characters: each character once.', type: 'Terminology' },
    { deletions: [spanOf(base, ', inclusive')], question: 'Are the length bounds 1 and 100 allowed?', answer: 'Yes, the bounds are inclusive.', type: 'Terminology' },
  ];
}

const asPoints = (gold: readonly GoldFixture[]): Point[] => gold.map((g) => ({ deletions: g.deletions, repairs: g.repairs ?? [], question: g.question, answer: g.answer, type: g.type ?? null }));

/**
 * The full flow on two problems: two annotators annotate and submit through the API
 * (with time on task), then the adjudicated gold versions are stored (2 and 3 points), and
 * one combination task gets a reworded question.
 */
export async function seedReleaseFlow(db: DB): Promise<ReleaseFlow> {
  const maintainer = await buildUser(db, { username: 'mara', role: 'maintainer', password: 'mara-pass-123' });
  const annotators: [BuiltUser, BuiltUser] = [await buildUser(db, { username: 'alice' }), await buildUser(db, { username: 'bob' })];
  const problems: [BuiltProblem, BuiltProblem] = [
    buildProblem(db, { questionId: 'abc390_b', title: 'Geometric Sequence', difficulty: 'easy' }),
    buildProblem(db, { questionId: 'abc391_a', statement: STRING_STATEMENT, title: 'Distinct Letters', difficulty: 'medium' }),
  ];
  const gold: [GoldFixture[], GoldFixture[]] = [geometricPoints(problems[0].baseText), stringPoints(problems[1].baseText)];
  const app = testApp(db);
  for (const [slot, annotator] of annotators.entries()) {
    const agent = await loginAs(app, annotator);
    for (const [i, problem] of problems.entries()) {
      assign(db, problem.id, annotator.id, (slot + 1) as 1 | 2);
      // Assigned an hour ago: the time on task a save reports is capped by the wall time since.
      setAssignedAt(db, new Date(Date.now() - 3_600_000).toISOString(), { problemId: problem.id, userId: annotator.id });
      // B leaves out the last point of the second problem, so the two annotations differ.
      const mine = gold[i]!;
      const points = asPoints(slot === 1 && i === 1 ? mine.slice(0, 2) : mine);
      const saved = await agent.put(`/api/annotations/${problem.questionId}`).send({ baseTextHash: hashOf(problem), version: 0, points, activeMs: 120_000 * (slot + 1) });
      if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${JSON.stringify(saved.body)}`);
      const submitted = await agent.post(`/api/annotations/${problem.questionId}/submit`).send({ baseTextHash: hashOf(problem), version: saved.body.version });
      if (submitted.status !== 200) throw new Error(`submit failed: ${submitted.status} ${JSON.stringify(submitted.body)}`);
    }
  }
  buildGold(db, problems[0].id, gold[0], { resolvedAt: '2025-03-01T10:00:00.000Z' });
  buildGold(db, problems[1].id, gold[1].map((g, i) => ({ ...g, provenance: i === 2 ? 'A' : 'merged' })), { resolvedAt: '2025-03-02T10:00:00.000Z' });
  buildOverride(db, problems[1].id, '0,2', { questions: ['Which letters may S contain?'] });
  return { maintainer, annotators, problems, gold };
}

