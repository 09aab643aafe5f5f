import type { ReleaseRecord } from '../../shared/release/format';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../db/events';
import type { CaseView, QueueView } from '../../shared/adjudicationView';
import { importLcbFile } from '../../server/services/lcbImport';
import { importLegacyReleaseFile } from '../../server/services/releases/legacyImport';
import { buildUser } from '../support/builders';
import { LCB_SUBSET, PUBLIC_RELEASE, requireDataset } from '../support/datasets';
import { tempDb } from '../support/db';
import { loginAs, testApp } from '../support/http';


const publicTasks = fs
  .readFileSync(requireDataset(PUBLIC_RELEASE), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as ReleaseRecord);

describe('the public release in the adjudication views after import-lcb and import-release', () => {
  const ctx = tempDb();
  let agent: Awaited<ReturnType<typeof loginAs>>;

  beforeAll(async () => {
    await importLcbFile(ctx.db, requireDataset(LCB_SUBSET), CLI_ACTOR);
    importLegacyReleaseFile(ctx.db, PUBLIC_RELEASE, CLI_ACTOR);
    agent = await loginAs(testApp(ctx.db), await buildUser(ctx.db, { role: 'adjudicator' }));
  });
  afterAll(() => ctx.cleanup());

  it('GET /api/adjudications/abc390_b returns its points with the questions of its single-point tasks, and its tasks', async () => {
    const res = await agent.get('/api/adjudications/abc390_b');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = res.body as CaseView;
    const tasks = publicTasks.filter((t) => t.question_id === 'abc390_b');
    const singles = tasks.filter((t) => t.qa_pairs.length === 1);
    expect(singles).toHaveLength(2);
    expect(view.annotations).toEqual({ A: null, B: null });
    expect(view.gold).toMatchObject({ status: 'resolved', source: 'legacy' });
    expect(view.gold.points.map((p) => [p.provenance, p.question, p.answer, p.type])).toEqual(
      singles.map((t) => ['legacy', t.qa_pairs[0]!.question, t.qa_pairs[0]!.answer, t.keywords[0]]),
    );
    expect(view.tasks.map((t) => t.text)).toEqual(tasks.map((t) => t.modified_content));
    expect(view.tasks.map((t) => t.qa.map((q) => q.question))).toEqual(tasks.map((t) => t.qa_pairs.map((q) => q.question)));
  });

  it('lists all 80 problems of the release in the queue as resolved legacy problems', async () => {
    const queue = (await agent.get('/api/adjudications?status=resolved&limit=200')).body as QueueView;
    expect(queue.legacy).toBe(80);
    expect(queue.total).toBe(80);
    expect(queue.items).toHaveLength(80);
    // the default page holds the first 50 of them
    expect(((await agent.get('/api/adjudications?status=resolved')).body as QueueView).items).toHaveLength(50);
    expect(new Set(queue.items.map((i) => i.source))).toEqual(new Set(['legacy']));
    expect(queue.items.map((i) => i.questionId)).toContain('abc390_b');
  });

  it('opens every problem; the 12 whose recovered points break editor rules show them as inherited, never blocking', async () => {
    const ids = [...new Set(publicTasks.map((t) => t.question_id))];
    const withInherited: string[] = [];
    for (const id of ids) {
      const res = await agent.get(`/api/adjudications/${id}`);
      expect(res.status, id).toBe(200);
      const view = res.body as CaseView;
      expect(view.gold.points.every((p) => p.provenance === 'legacy'), id).toBe(true);
      expect(view.gold.resolveIssues.filter((f) => !f.path.endsWith('.checklist')), id).toEqual([]);
      if (view.gold.inheritedIssues.length > 0) withInherited.push(id);
    }
    expect(withInherited).toHaveLength(12);
  });
});
