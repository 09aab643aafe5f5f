/**
 * What a pilot can reach: never the base text, the points, other variants of a problem they
 * worked on, or another pilot's session; and the assignment rules at scale (20 pilots, 80 problems).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdjudicationPeople } from '../../db/adjudications';
import { deleteSessionsOfStudy, insertSession, sessionsOfStudy, studyByName, turnsOfSession } from '../../db/pilots';
import { releaseTask, releaseTasks } from '../../db/runs';
import type { Actor } from '../../db/events';
import { createStudyBody, saveCodeBody } from '../../shared/schemas/pilots';
import { askQuestion, myTasks, submitSession } from '../../server/services/pilots/session';
import { createStudy } from '../../server/services/pilots/studies';
import { cutRelease } from '../../server/services/releases/store';
import { assign, buildProblem, buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { buildPilotWorld, KQ, PILOT_RELEASE, type PilotWorld } from '../support/pilotWorld';
import { buildGold } from '../support/releaseBuilders';
import { everyRoute, fillPath } from '../support/routes';

describe('a pilot probing every readable route', () => {
  const ctx = tempDb();
  const app = testApp(ctx.db);
  let w: PilotWorld;
  const tasks = () => releaseTasks(ctx.db, studyByName(ctx.db, 's1')!.release_sha256).map((t) => ({ task_id: t.taskId, question_id: t.questionId, text: t.text, k: t.keyQuestions.length }));

  beforeAll(async () => {
    w = await buildPilotWorld(ctx.db);
    createStudy(ctx.db, w.mara, createStudyBody.parse({ name: 's1', release: PILOT_RELEASE, pilots: ['pia', 'pete'], tasks: { mode: 'sample', size: 1, seed: 0 } }));
    const combined = tasks().find((t) => t.question_id === w.problems.two.questionId && t.k === 2)!.task_id;
    const study = studyByName(ctx.db, 's1')!.id;
    deleteSessionsOfStudy(ctx.db, study);
    // pia on the combined task of problem two, pete on its first variant (his own session, with a secret of his).
    const first = tasks().find((t) => t.question_id === w.problems.two.questionId && t.k === 1)!.task_id;
    insertSession(ctx.db, study, w.users.pia.id, combined, w.problems.two.questionId, 0);
    insertSession(ctx.db, study, w.users.pete.id, first, w.problems.two.questionId, 0);
    const pete: Actor = { id: w.users.pete.id, name: 'pete' };
    const peteSession = myTasks(ctx.db, w.users.pete.id).tasks[0]!.id;
    askQuestion(ctx.db, pete, w.users.pete.id, peteSession, 'PETESECRET may the values be negative?');
    submitSession(ctx.db, pete, w.users.pete.id, peteSession, saveCodeBody.parse({ version: 0, code: 'PETESECRET_CODE' }));
    const piaSession = myTasks(ctx.db, w.users.pia.id).tasks[0]!.id;
    askQuestion(ctx.db, { id: w.users.pia.id, name: 'pia' }, w.users.pia.id, piaSession, KQ.kind.question);
  });
  afterAll(() => ctx.cleanup());

  it('sees nothing of the base text, other variants, unasked key questions or answers, or pete', async () => {
    const pia = await loginAs(app, w.users.pia);
    const own = tasks().find((t) => t.question_id === w.problems.two.questionId && t.k === 2)!;
    const secrets = [
      w.problems.two.baseText,
      ...tasks()
        .filter((t) => t.question_id === w.problems.two.questionId && t.task_id !== own.task_id)
        .map((t) => t.text),
      KQ.values.question,
      KQ.values.answer,
      'PETESECRET',
    ];
    const sessions = sessionsOfStudy(ctx.db, studyByName(ctx.db, 's1')!.id);
    const ids = [...new Set([...sessions.map((s) => s.id), ...sessions.flatMap((s) => turnsOfSession(ctx.db, s.id).map((t) => t.id))])].map(String);
    const values: Record<string, string[]> = {
      id: ids,
      study: ['s1'],
      questionId: [w.problems.two.questionId, w.problems.one.questionId],
      taskId: tasks().map((t) => t.task_id),
      model: ['human:P01', 'human:P02'],
      name: [PILOT_RELEASE],
      username: ['pia', 'pete'],
      path: ['ClarifyCodeBench.jsonl'],
      subset: ['0', '1', '0,1'],
    };
    const seen: { where: string; status: number; text: string }[] = [];
    for (const route of everyRoute().filter((r) => r.method === 'get')) {
      const names = [...route.path.matchAll(/[:*](\w+)/g)].map((m) => m[1]!);
      const name = names[0];
      const fills = name ? (values[name] ?? ['x']).map((v) => ({ [name]: v, ...Object.fromEntries(names.slice(1).map((n) => [n, values[n]?.[0] ?? 'x'])) })) : [{}];
      for (const params of fills) {
        const url = fillPath(route.path, params);
        const res = await pia.get(url);
        seen.push({ where: url, status: res.status, text: res.text });
      }
    }
    const readable = seen.filter((s) => s.status === 200).map((s) => s.where.replace(/\/\d+(?=\/|$)/, '/N'));
    expect([...new Set(readable)].sort()).toEqual(['/api/me', '/api/pilot/sessions/N', '/api/pilot/sessions/N/questionnaire', '/api/pilot/sessions/N/tools', '/api/pilot/tasks', '/healthz'].sort());
    const leaks = seen.flatMap((s) => secrets.filter((x) => s.text.includes(x)).map((x) => `${s.where}: ${x.slice(0, 40)}`));
    expect(leaks).toEqual([]);
    // The probe would see them: pia's own page carries her text and the answer she was given.
    const page = seen.find((s) => s.status === 200 && s.where.startsWith('/api/pilot/sessions/'))!.text;
    expect(page).toContain(JSON.stringify(own.text).slice(1, -1));
    expect(page).toContain(KQ.kind.answer);
  });
});

describe('assignment with 20 pilots and 80 problems', () => {
  const ctx = tempDb();
  afterAll(() => ctx.cleanup());

  it('never a barred problem, at most one task per problem over two studies, balanced, shortfall only when nobody fits', async () => {
    const mara = await buildUser(ctx.db, { username: 'mara', role: 'maintainer' });
    const actor: Actor = { id: mara.id, name: 'mara' };
    const pilots = [];
    for (let i = 0; i < 20; i++) pilots.push(await buildUser(ctx.db, { username: `pilot${String(i).padStart(2, '0')}`, role: 'pilot' }));
    // Who annotated or adjudicated which problem: never their pilot task.
    const barred: { user_id: number; question_id: string }[] = [];
    const problems = Array.from({ length: 80 }, (_, i) => buildProblem(ctx.db, { questionId: `abc${500 + i}_a` }));
    for (const [i, p] of problems.entries()) {
      const points = [{ deletions: [[p.baseText.indexOf('geometric '), p.baseText.indexOf('geometric ') + 10]] as [number, number][], question: `Which kind ${i}?`, answer: 'Geometric.' }];
      if (i % 2 === 0) {
        const at = p.baseText.indexOf(' of positive integers');
        points.push({ deletions: [[at, at + 21]], question: `Which values ${i}?`, answer: 'Positive integers.' });
      }
      buildGold(ctx.db, p.id, points);
      // Former annotators and adjudicators among the pilots.
      if (i % 5 === 0) assign(ctx.db, p.id, pilots[i % 20]!.id, 1);
      if (i % 7 === 0) setAdjudicationPeople(ctx.db, p.id, { updatedBy: pilots[(i + 3) % 20]!.id });
      if (i % 11 === 0) setAdjudicationPeople(ctx.db, p.id, { resolvedBy: pilots[(i + 9) % 20]!.id });
      if (i % 5 === 0) barred.push({ user_id: pilots[i % 20]!.id, question_id: p.questionId });
      if (i % 7 === 0) barred.push({ user_id: pilots[(i + 3) % 20]!.id, question_id: p.questionId });
      if (i % 11 === 0) barred.push({ user_id: pilots[(i + 9) % 20]!.id, question_id: p.questionId });
    }
    cutRelease(ctx.db, actor, { name: 'big', notes: '', policy: 'all-subsets', extended: false });
    const names = pilots.map((p) => p.username);
    const first = createStudy(ctx.db, actor, createStudyBody.parse({ name: 'a', release: 'big', pilots: names, pilotsPerTask: 3, tasks: { mode: 'sample', size: 120, seed: 7 } }));
    const second = createStudy(ctx.db, actor, createStudyBody.parse({ name: 'b', release: 'big', pilots: names.slice(0, 10), pilotsPerTask: 2 }));
    expect(first.tasks).toBe(120);
    expect(second.pilotList.map((p) => p.alias)).toEqual(['P21', 'P22', 'P23', 'P24', 'P25', 'P26', 'P27', 'P28', 'P29', 'P30']);

    expect(new Set(barred.map((b) => `${b.user_id}/${b.question_id}`)).size).toBeGreaterThan(20);
    const sessions = [first, second].flatMap((s) => sessionsOfStudy(ctx.db, studyByName(ctx.db, s.name)!.id)).sort((a, b) => a.id - b.id);
    const isBarred = new Set(barred.map((b) => `${b.user_id}/${b.question_id}`));
    expect(sessions.filter((s) => isBarred.has(`${s.user_id}/${s.question_id}`))).toEqual([]);
    const perProblem = new Map<string, number>();
    for (const s of sessions) perProblem.set(`${s.user_id}/${s.question_id}`, (perProblem.get(`${s.user_id}/${s.question_id}`) ?? 0) + 1);
    expect([...perProblem.values()].filter((n) => n > 1)).toEqual([]);

    for (const [study, detail, perTask, who] of [
      [1, first, 3, pilots],
      [2, second, 2, pilots.slice(0, 10)],
    ] as const) {
      const own = sessions.filter((s) => s.study_id === study);
      const count = new Map<string, number>();
      for (const s of own) count.set(s.task_id, (count.get(s.task_id) ?? 0) + 1);
      expect([...count.values()].every((n) => n <= perTask)).toBe(true);
      const held = (userId: number, questionId: string) => perProblem.has(`${userId}/${questionId}`) || isBarred.has(`${userId}/${questionId}`);
      for (const short of detail.shortfall) {
        const questionId = releaseTask(ctx.db, studyByName(ctx.db, 'a')!.release_sha256, short.taskId)!.questionId;
        const free = who.filter((p) => !own.some((s) => s.user_id === p.id && s.task_id === short.taskId) && !held(p.id, questionId));
        expect(free.map((p) => p.username), `${short.taskId} is short but these pilots could take it`).toEqual([]);
      }
      const loads = who.map((p) => own.filter((s) => s.user_id === p.id).length);
      expect(Math.max(...loads) - Math.min(...loads), `loads ${loads.join(',')}`).toBeLessThanOrEqual(3);
    }
  });
});
