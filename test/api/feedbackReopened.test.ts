import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../db/database';
import { reopenGold, resolveGold } from '../../server/services/adjudications/gold';
import type { QueueItem } from '../../shared/schemas/annotation';
import { actorOf, buildFeedbackCase, type FeedbackCase } from '../support/feedbackCase';
import { tempDb } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';

const ctx = tempDb();
const app = testApp(ctx.db);
let c: FeedbackCase;
let anna: Agent;
afterAll(() => ctx.cleanup());

beforeAll(async () => {
  c = await buildFeedbackCase(ctx.db);
  anna = await loginAs(app, c.anna);
});

const queueItem = async (): Promise<QueueItem> => ((await anna.get('/api/assignments')).body as QueueItem[]).find((i) => i.questionId === c.problem.questionId)!;
const version = () => get<{ version: number }>(ctx.db, 'SELECT version FROM adjudications')!.version;

describe('feedback after a reopen', () => {
  it('the queue has no feedback line before the gold is resolved, and "ready" once it is', async () => {
    expect((await queueItem()).feedback).toBeUndefined();
    c.resolve();
    expect((await queueItem()).feedback).toBe('ready');
    const res = await anna.get(`/api/annotations/${c.problem.questionId}/feedback`);
    expect(res.status).toBe(200);
    expect(res.body.reopened).toBeNull();
  });

  it('while reopened, the queue says so and the feedback page gives the reason, other names replaced', async () => {
    reopenGold(ctx.db, actorOf(c.ada), c.problem.questionId, 'No model asks the key question; @bert read it otherwise.');
    expect((await queueItem()).feedback).toBe('reopened');
    const res = await anna.get(`/api/annotations/${c.problem.questionId}/feedback`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(new RegExp(`^${c.problem.questionId} was reopened on \\d{4}-\\d{2}-\\d{2}: No model asks the key question; the other annotator read it otherwise\\. Its feedback opens again once the adjudication is resolved\\.$`));
    expect(res.text).not.toContain('bert');
  });

  it('resolved again, the feedback says it was reopened and why, and the queue says ready', async () => {
    resolveGold(ctx.db, actorOf(c.ada), c.problem.questionId, version());
    expect((await queueItem()).feedback).toBe('ready');
    const res = await anna.get(`/api/annotations/${c.problem.questionId}/feedback`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.reopened).toMatchObject({ reason: 'No model asks the key question; the other annotator read it otherwise.' });
    expect(res.body.reopened.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
