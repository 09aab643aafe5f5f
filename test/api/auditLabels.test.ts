import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPage } from '../../shared/schemas/events';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';
import { buildWorld, type World } from '../support/world';

const ctx = tempDb();
let w: World;

beforeAll(async () => {
  w = await buildWorld(ctx.db);
});
afterAll(() => ctx.cleanup());

const page = async (query: string): Promise<EventPage> => {
  const agent = await loginAs(testApp(ctx.db), w.users.maintainer);
  const res = await agent.get(`/api/events?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as EventPage;
};

describe('audit log labels and the problem filter', () => {
  it('finds every event of a problem by its id, the annotators’ saves and submits included', async () => {
    const { events } = await page(`entityId=${w.problems.shared.questionId}&pageSize=100`);
    const seen = events.map((e) => `${e.action} ${e.annotator ?? ''}`.trim()).sort();
    expect(seen).toEqual(['adjudication.override', 'adjudication.save', 'annotation.save anna', 'annotation.save bert', 'annotation.submit anna', 'annotation.submit bert', 'comment.flag']);
    expect(events.every((e) => e.problem?.questionId === w.problems.shared.questionId && e.problem.title === 'Shared problem')).toBe(true);
    // another problem's events stay out
    const drafts = await page(`entityId=${w.problems.drafts.questionId}`);
    expect(drafts.events.map((e) => e.action).sort()).toEqual(['annotation.save', 'annotation.save', 'comment.add']);
  });

  it('labels annotation events with the problem and annotator instead of the annotation’s row id', async () => {
    const { events } = await page('action=annotation.submit&pageSize=100');
    const submit = events.find((e) => e.problem?.questionId === w.problems.foreign.questionId && e.annotator === 'cleo');
    expect(submit).toMatchObject({ entityType: 'annotation', problem: { questionId: 'abc804_a', title: 'Foreign problem' }, annotator: 'cleo' });
    expect(events.every((e) => e.problem !== null && e.annotator !== null)).toBe(true);
    const resolve = (await page('action=adjudication.resolve')).events[0]!;
    expect(resolve).toMatchObject({ problem: { questionId: w.problems.resolved.questionId, title: 'Resolved problem' }, annotator: null });
    const login = (await page('action=auth.login')).events[0];
    expect(login?.problem ?? null).toBeNull();
  });

  it('keeps the entity type filter working with a problem id', async () => {
    const { events } = await page(`entityType=annotation&entityId=${w.problems.shared.questionId}`);
    expect(events.map((e) => e.action).sort()).toEqual(['annotation.save', 'annotation.save', 'annotation.submit', 'annotation.submit']);
  });
});
