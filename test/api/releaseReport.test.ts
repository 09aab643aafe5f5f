import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAllBaseTexts } from '../../db/legacyReleases';
import { CLI_ACTOR } from '../../db/events';
import { RELEASE_FILE, serializeRelease } from '../../shared/release/format';
import { parseRelease, validateRelease } from '../../shared/release/validate';
import { buildRelease } from '../../server/services/releases/build';
import { importLegacyRelease } from '../../server/services/releases/legacyImport';
import { buildProblem } from '../support/builders';
import { tempDb } from '../support/db';
import { buildLegacyFixture, edit } from '../support/legacyFixture';
import { buildGold, buildOverride } from '../support/releaseBuilders';

// The exporter validates the records it is about to write instead of parsing the written
// file back; its report must be exactly the one `validate --problems` gives for that file.
const ctx = tempDb();

beforeAll(() => {
  // A legacy release: repaired and rewritten texts, keywords out of point order, kept ids.
  const fixture = buildLegacyFixture(ctx.db);
  const known = fixture.records.filter((r) => r.question_id !== fixture.missing);
  importLegacyRelease(ctx.db, Buffer.from(known.map((r) => JSON.stringify(r)).join('\n') + '\n'), CLI_ACTOR, { name: 'legacy' });
  // New work, and overrides that break rules (an empty question, a rewrite beyond deletions).
  const problem = buildProblem(ctx.db, { questionId: 'new200_a' });
  const p = (from: string) => [problem.baseText.indexOf(from), problem.baseText.indexOf(from) + from.length] as [number, number];
  buildGold(ctx.db, problem.id, [
    { deletions: [p(' of positive integers')], question: 'Which integers?', answer: 'Positive integers.', type: 'Collection Semantics' },
    { deletions: [p('; otherwise, print No')], question: 'What if not?', answer: 'Print No otherwise.', type: 'Output Format' },
  ]);
  buildOverride(ctx.db, problem.id, '0', { questions: [''] });
  buildOverride(ctx.db, problem.id, '1', { text: edit(problem.baseText, ['Determine whether', 'Please write a program that decides, for the given sequence, whether'], ['; otherwise, print No', '']), kind: 'rewrite' });
});
afterAll(() => ctx.cleanup());

describe('the export validation report', () => {
  for (const extended of [false, true]) {
    it(`is the report of validating the written file against the problems (${extended ? 'extended' : 'public'} fields)`, () => {
      const built = buildRelease(ctx.db, { name: 'v2', notes: '', policy: 'all-subsets', extended });
      const text = built.files.find((f) => f.path === RELEASE_FILE)!.content.toString('utf8');
      const problems = readAllBaseTexts(ctx.db);
      expect(built.report).toEqual(validateRelease(text, { problems }));
      // The file, encoded line by line, is the bytes of serializeRelease.
      expect(text).toBe(serializeRelease(parseRelease(text).records.map((r) => r.record)));
      // The comparison covers errors and warnings of several rules, not an empty report.
      expect(built.report.findings.map((f) => f.rule)).toEqual(expect.arrayContaining(['question-empty', 'not-derivable', 'repair', 'rewording']));
    });
  }
});
