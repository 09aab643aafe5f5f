/**
 * The study's kept vocabulary answers as a full refit would, also after a question
 * whose transaction did not commit and after questions stored by another connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { releaseTasks } from '../../db/runs';
import type { Actor } from '../../db/events';
import { matchQuestion } from '../../shared/pilots/protocol';
import { askQuestion } from '../../server/services/pilots/session';
import { createStudy } from '../../server/services/pilots/studies';
import { matchInStudy } from '../../server/services/pilots/studyVocabulary';
import { createStudyBody } from '../../shared/schemas/pilots';
import { tempDb } from '../support/db';
import { buildPilotWorld, PILOT_RELEASE, sessionTaskId, type PilotWorld } from '../support/pilotWorld';
import { sessionsOfUser, studyByName, studyQuestionTexts, turnsOfSession } from '../../db/pilots';

const ctx = tempDb();
let w: PilotWorld;
let t = Date.parse('2026-03-03T09:00:00.000Z');
const clock = () => (t += 10_000);

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  createStudy(ctx.db, w.mara, createStudyBody.parse({ name: 'vocab', release: PILOT_RELEASE, pilots: ['pia', 'pete'], maxRounds: 20 }));
});
afterAll(() => ctx.cleanup());

/** The similarity the full refit gives the session's last question (what every question cost before). */
function refit(sessionId: number): number {
  const study = studyByName(ctx.db, 'vocab')!;
  const rows = releaseTasks(ctx.db, study.release_sha256);
  const keys: string[] = [];
  let start = 0;
  let k = 0;
  for (const r of rows) {
    const qs = r.keyQuestions.map((q) => q.question);
    if (r.taskId === sessionTaskId(ctx.db, sessionId)) [start, k] = [keys.length, qs.length];
    keys.push(...qs);
  }
  const asked = studyQuestionTexts(ctx.db, study.id);
  const last = asked.at(-1)!;
  return matchQuestion(last, keys, start, k, asked.slice(0, -1)).similarity;
}
const lastSimilarity = (sessionId: number) => turnsOfSession(ctx.db, sessionId).at(-1)!.similarity;

describe("the study's kept vocabulary", () => {
  it('equals the full refit after an uncommitted question and after another connection’s questions', () => {
    const pia = w.users.pia;
    const actor: Actor = { id: pia.id, name: 'pia' };
    const [a, b] = sessionsOfUser(ctx.db, pia.id).map((r) => r.id) as [number, number];
    askQuestion(ctx.db, actor, pia.id, a, 'Which kind of progression is meant?', clock);
    expect(lastSimilarity(a)).toBe(refit(a));
    // A question matched but never stored (its transaction rolled back).
    const study = studyByName(ctx.db, 'vocab')!;
    matchInStudy(ctx.db, study.id, study.release_sha256, sessionTaskId(ctx.db, a), 'progression progression kind meant');
    askQuestion(ctx.db, actor, pia.id, a, 'May the elements be negative?', clock);
    expect(lastSimilarity(a)).toBe(refit(a));
    // Another connection (another process) stores a question of the study.
    const other = openDatabase(ctx.file);
    const pete = w.users.pete;
    const peteSession = sessionsOfUser(other, pete.id)[0]!.id;
    askQuestion(other, { id: pete.id, name: 'pete' }, pete.id, peteSession, 'Is a geometric progression meant here?', clock);
    other.close();
    askQuestion(ctx.db, actor, pia.id, b, 'What kind of progression should be detected?', clock);
    expect(lastSimilarity(b)).toBe(refit(b));
  });
});
