/**
 * The benchmark's pilot protocol. `max_turns` (the study's maxRounds, 6) counts every
 * response, the code included: at most 5 questions then code as the 6th response, or a 6th
 * question that ends the task without code; `turns` is the number of responses, as `run_task`
 * (clarifycodebench/interact.py) computes it. A pilot cannot make a 7th response.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../db/events';
import { DomainError } from '../../server/domain/errors';
import { askQuestion, readySession, startCoding, submitSession } from '../../server/services/pilots/session';
import { createStudy } from '../../server/services/pilots/studies';
import { createStudyBody, DEFAULT_MAX_ROUNDS } from '../../shared/schemas/pilots';
import { tempDb } from '../support/db';
import { buildPilotWorld, PILOT_RELEASE, sessionTaskId, type PilotWorld } from '../support/pilotWorld';
import { allAliases, sessionRow, sessionsOfUser } from '../../db/pilots';
import { dialogueRecord, runRow } from '../../db/runs';

const ctx = tempDb();
let w: PilotWorld;
let t = Date.parse('2026-03-02T09:00:00.000Z');
/** Ten seconds per call: a person's pace, never rate-limited. */
const clock = () => (t += 10_000);

interface Pilot {
  id: number;
  actor: Actor;
  sessions: number[];
}
let pia: Pilot;
let pete: Pilot;

beforeAll(async () => {
  w = await buildPilotWorld(ctx.db);
  createStudy(ctx.db, w.mara, createStudyBody.parse({ name: 'budget', release: PILOT_RELEASE, pilots: ['pia', 'pete'] }));
  const of = (u: { id: number; username: string }): Pilot => ({
    id: u.id,
    actor: { id: u.id, name: u.username },
    sessions: sessionsOfUser(ctx.db, u.id).map((r) => r.id),
  });
  pia = of(w.users.pia);
  pete = of(w.users.pete);
});
afterAll(() => ctx.cleanup());

const ask = (p: Pilot, id: number, i: number) => askQuestion(ctx.db, p.actor, p.id, id, `Question ${i}: what about case ${i}?`, clock);
const submit = (p: Pilot, id: number, code: string) => {
  const version = sessionRow(ctx.db, id)!.version;
  return submitSession(ctx.db, p.actor, p.id, id, { version, code, activeMs: 0, pastes: 0 }, clock);
};
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
  return 'accepted';
}
const record = (alias: string, sessionId: number) => {
  const r = dialogueRecord(ctx.db, runRow(ctx.db, `human:${alias}`)!.id, sessionTaskId(ctx.db, sessionId))!;
  return { turns_total: r.turnsTotal, final_code: r.finalCode, hit_dict: JSON.stringify(r.hitDict), messages: r.messagesJson };
};
const aliasOf = (userId: number) => allAliases(ctx.db).find((a) => a.user_id === userId)!.alias;

describe("the benchmark's response budget", () => {
  it('the default budget is run_task’s max_turns, 6', () => {
    expect(DEFAULT_MAX_ROUNDS).toBe(6);
    expect(pia.sessions.length).toBeGreaterThanOrEqual(2);
    expect(pete.sessions.length).toBeGreaterThanOrEqual(1);
  });

  it('code after 0 questions: 1 response', () => {
    const id = pia.sessions[0]!;
    readySession(ctx.db, { id: pia.id, name: 'pilot' }, pia.id, id, clock);
    startCoding(ctx.db, pia.actor, pia.id, id, clock);
    submit(pia, id, 'print(0)');
    expect(record(aliasOf(pia.id), id)).toMatchObject({ turns_total: 1, final_code: 'print(0)', hit_dict: '{}' });
  });

  it('code after 5 questions: 6 responses; the page says what is left at each step', () => {
    const id = pia.sessions[1]!;
    const view = readySession(ctx.db, { id: pia.id, name: 'pilot' }, pia.id, id, clock);
    expect(view.budget).toEqual({ responses: 6, asked: 0, questionsLeft: 5, lastResponse: false });
    for (let i = 0; i < 5; i++) {
      const r = ask(pia, id, i);
      expect(r.status).toBe('asking');
      expect(r.budget.questionsLeft).toBe(4 - i);
    }
    const last = readySession(ctx.db, { id: pia.id, name: 'pilot' }, pia.id, id, clock);
    expect(last).toMatchObject({ canAsk: true, budget: { asked: 5, questionsLeft: 0, lastResponse: true } });
    startCoding(ctx.db, pia.actor, pia.id, id, clock);
    // Code chosen: no 6th question after it, and the code is the 6th and last response.
    expect(refusal(() => ask(pia, id, 5))).toBe('questions_closed');
    submit(pia, id, 'print(5)');
    expect(record(aliasOf(pia.id), id)).toMatchObject({ turns_total: 6, final_code: 'print(5)' });
    expect(Object.keys(JSON.parse(record(aliasOf(pia.id), id).hit_dict))).toHaveLength(5);
  });

  it('a 6th question ends the task with no code: 6 responses, and no 7th response of any kind', () => {
    const id = pete.sessions[0]!;
    readySession(ctx.db, { id: pete.id, name: 'pilot' }, pete.id, id, clock);
    for (let i = 0; i < 5; i++) ask(pete, id, i);
    const sixth = ask(pete, id, 5);
    expect(sixth).toMatchObject({ status: 'submitted', canAsk: false, budget: { asked: 6, questionsLeft: 0, lastResponse: false } });
    expect(refusal(() => ask(pete, id, 6))).toBe('read_only');
    expect(refusal(() => startCoding(ctx.db, pete.actor, pete.id, id, clock))).toBe('read_only');
    expect(refusal(() => submit(pete, id, 'print(7)'))).toBe('read_only');
    const r = record(aliasOf(pete.id), id);
    expect(r.turns_total).toBe(6);
    const messages = JSON.parse(r.messages) as { role: string; content: string }[];
    // run_task: the task text, then six question/answer pairs; no code response.
    expect(messages).toHaveLength(13);
    expect(messages.some((m) => m.content.includes('[CODE]'))).toBe(false);
    // final_code is extract_code of the last response (no code in it: the response itself).
    expect(r.final_code).toBe(messages[11]!.content);
    expect(Object.keys(JSON.parse(r.hit_dict))).toHaveLength(6);
  });
});
