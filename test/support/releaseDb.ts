import { transaction, type DB } from '../../db/database';
import { insertAdjudication } from '../../db/adjudications';
import { insertGoldPoint } from '../../db/points';
import { buildProblem } from './builders';

const PHRASES: [string, string][] = [
  ['geometric progression', 'Behavior'],
  ['positive integers', 'Edge Cases'],
  ['Standard Input', 'Output Format'],
];

/** n resolved problems with three gold points each (7 tasks each), written directly for speed. */
export function seedResolvedProblems(db: DB, n: number): void {
  transaction(db, () => {
    for (let i = 1; i <= n; i++) {
      const problem = buildProblem(db, { questionId: `rel${i}_a`, title: `Release problem ${i}` });
      insertAdjudication(db, problem.id, { status: 'resolved', version: 1, resolvedAt: new Date().toISOString() });
      PHRASES.forEach(([phrase, type], idx) => {
        const at = problem.baseText.indexOf(phrase);
        insertGoldPoint(db, problem.id, idx, {
          deletions: [[at, at + phrase.length]],
          question: `Problem ${i}: what does point ${idx + 1} mean?`,
          answer: `${phrase} (${i})`,
          type,
          provenance: 'new',
        });
      });
    }
  });
}
