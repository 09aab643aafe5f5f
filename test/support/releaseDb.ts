import { run, transaction, type DB } from '../../db/database';
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
      run(db, "INSERT INTO adjudications (problem_id, status, version, notes, resolved_at) VALUES (?, 'resolved', 1, '', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))", [problem.id]);
      PHRASES.forEach(([phrase, type], idx) => {
        const at = problem.baseText.indexOf(phrase);
        run(
          db,
          `INSERT INTO gold_points (problem_id, idx, deletions, repairs, question, answer, type, provenance, plausible, ambiguous, sufficient)
           VALUES (?, ?, ?, '[]', ?, ?, ?, 'new', 1, 1, 1)`,
          [problem.id, idx, JSON.stringify([[at, at + phrase.length]]), `Problem ${i}: what does point ${idx + 1} mean?`, `${phrase} (${i})`, type],
        );
      });
    }
  });
}
