import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../db/database';
import { setAdjudicationStatus } from '../../db/adjudications';
import { setGoldQuestion } from '../../db/points';
import { RELEASE_FILE } from '../../shared/release/format';
import { parseRelease } from '../../shared/release/validate';
import { buildRelease, sha256 } from '../../server/services/releases/build';
import { writeReleaseDir } from '../../server/services/releases/writeDir';
import { runCli } from '../support/cli';
import { tempDb, tempDir } from '../support/db';
import { buildUser, type BuiltUser } from '../support/builders';
import { loginAs, testApp } from '../support/http';
import { keepTaskId } from '../support/releaseBuilders';
import { seedReleaseFlow, type ReleaseFlow } from '../support/releaseFlow';
import { eventsOf, problemIdOf, rowCount } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
const outDir = tempDir('ccb-export-');
let flow: ReleaseFlow;
let annotator: BuiltUser;

beforeAll(async () => {
  flow = await seedReleaseFlow(ctx.db);
  annotator = flow.annotators[0];
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(outDir, { recursive: true, force: true });
});

const OPTIONS = { name: 'v1', notes: '', policy: 'all-subsets', extended: false } as const;
const fileText = (built: ReturnType<typeof buildRelease>, p: string) => built.files.find((f) => f.path === p)!.content.toString('utf8');
const records = (jsonl: string) => parseRelease(jsonl).records.map((r) => r.record);
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

async function cli(...args: string[]) {
  const res = await runCli(args);
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('building a release from annotated and adjudicated problems', () => {
  it('generates the tasks in import order, subsets by size then index, with ids task_1…task_N', () => {
    const built = buildRelease(ctx.db, OPTIONS);
    expect(built.report.errors).toBe(0);
    const recs = records(fileText(built, RELEASE_FILE));
    expect(recs.map((r) => r.task_id)).toEqual(Array.from({ length: 10 }, (_, i) => `task_${i + 1}`));
    expect(recs.map((r) => r.question_id)).toEqual([...Array(3).fill('abc390_b'), ...Array(7).fill('abc391_a')]);
    expect(recs.map((r) => r.qa_pairs.length)).toEqual([1, 1, 2, 1, 1, 1, 2, 2, 2, 3]);
    expect(recs.map((r) => r.keywords)).toEqual([
      ['Terminology'],
      ['Behavior'],
      ['Terminology', 'Behavior'],
      ['String & Localization'],
      ['Terminology'],
      ['Terminology'],
      ['String & Localization', 'Terminology'],
      ['String & Localization', 'Terminology'],
      ['Terminology'],
      ['String & Localization', 'Terminology'],
    ]);
    const base = flow.problems[0].baseText;
    expect(recs[0]!.modified_content).toBe(base.replace(' of positive integers', ''));
    expect(recs[2]!.modified_content).toBe(base.replace(' of positive integers', '').replaceAll(' geometric', ''));
    expect(recs[9]!.qa_pairs.map((q) => q.question)).toEqual(flow.gold[1].map((g) => g.question));
  });

  it('applies a per-task override and writes exactly the five public fields in order', () => {
    const jsonl = fileText(buildRelease(ctx.db, OPTIONS), RELEASE_FILE);
    const lines = jsonl.split('\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(0, -1)) expect(Object.keys(JSON.parse(line))).toEqual(['task_id', 'question_id', 'keywords', 'modified_content', 'qa_pairs']);
    expect(lines[0]).toMatch(/^\{"task_id": "task_1", "question_id": "abc390_b", "keywords": \["Terminology"\], /);
    const task8 = records(jsonl)[7]!;
    expect(task8.qa_pairs.map((q) => q.question)).toEqual(['Which letters may S contain?', flow.gold[1][2]!.question]);
  });

  it('adds per-point types and provenance with --extended', () => {
    const recs = records(fileText(buildRelease(ctx.db, { ...OPTIONS, extended: true }), RELEASE_FILE));
    expect(recs[6]!.qa_pairs.map((q) => q.type)).toEqual(['String & Localization', 'Terminology']);
    expect(recs[7]!.provenance).toEqual({ subset: [0, 2], points: ['merged', 'A'], override: 'edit', adjudication: 'adjudication' });
  });

  it('computes the card figures from the exported records', () => {
    const built = buildRelease(ctx.db, OPTIONS);
    const card = fileText(built, 'README.md');
    expect(card).toMatch(/^---\nlicense: other\nlicense_name: mit-and-livecodebench-terms\n/);
    expect(card).toContain('pretty_name: "ClarifyCodeBench v1"');
    expect(card).toContain(`    path: ${RELEASE_FILE}`);
    expect(card).toContain('| tasks | 10 |');
    expect(card).toContain('| source problems | 2 |');
    expect(card).toContain('| 1 | 5 | 50.0% |');
    expect(card).toContain('| 2 | 4 | 40.0% |');
    expect(card).toContain('| 3 | 1 | 10.0% |');
    expect(card).toContain('| Terminology | 8 | 57.1% | 80.0% |');
    expect(card).toContain('| String & Localization | 4 | 28.6% | 40.0% |');
    expect(card).toContain('| Behavior | 2 | 14.3% | 20.0% |');
    expect(card).toContain('Contest dates: 2025-01-25 to 2025-01-25.');
    expect(card).toContain('| easy | 1 | 50.0% |');
    expect(card).toContain('Computed over the 2 of the 2 released problems that have two submitted independent annotations');
    expect(card).toContain('4 submitted annotation(s) by 2 annotator(s)');
    expect(card).toContain('12 min in total, 3 min median per annotation');
    expect(card).toContain('Tasks with a hand-edited wording: 1');
    expect(card).toContain(`SHA-256 of \`${RELEASE_FILE}\`: \`${sha(built.files[0]!.content)}\``);
    const croissant = JSON.parse(fileText(built, 'croissant.json'));
    expect(croissant.distribution[0].sha256).toBe(sha(built.files[0]!.content));
    expect(croissant.datePublished).toBe(new Date().toISOString().slice(0, 10));
    expect(croissant.version).toBe('1.0.0');
    expect(fileText(built, 'charts/k-distribution.svg')).toContain('K = 1</text>');
    const manifest = JSON.parse(fileText(built, 'manifest.json'));
    expect(manifest.counts).toMatchObject({ tasks: 10, problems: 2, k: { 1: 5, 2: 4, 3: 1 }, keywords: { Terminology: 8 } });
    for (const f of built.files.slice(0, -1)) expect(manifest.files).toContainEqual({ path: f.path, bytes: f.content.length, sha256: sha(f.content) });
  });

  it('gives identical bytes when built twice, and via the CLI export twice', async () => {
    const a = buildRelease(ctx.db, OPTIONS).files;
    const b = buildRelease(ctx.db, OPTIONS).files;
    expect(b.map((f) => f.path)).toEqual(a.map((f) => f.path));
    b.forEach((f, i) => expect(f.content.equals(a[i]!.content)).toBe(true));
    const first = await cli('export', '--out', path.join(outDir, 'one'), '--db', ctx.file, '--name', 'v1');
    // Only the card settings left empty are reported, one warning line each, naming the setting.
    expect(first.stderr.trimEnd().split('\n')).toEqual(['curators', 'outOfScopeUse', 'personalInfo', 'authors', 'contact'].map((s) => expect.stringMatching(new RegExp(`^warning: release setting ${s} is empty: `))));
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('10 tasks from 2 problems (K=1: 5, K=2: 4, K=3: 1)');
    expect((await cli('export', '--out', path.join(outDir, 'two'), '--db', ctx.file, '--name', 'v1')).code).toBe(0);
    for (const f of a) {
      const one = fs.readFileSync(path.join(outDir, 'one', f.path));
      expect(one.equals(f.content)).toBe(true);
      expect(fs.readFileSync(path.join(outDir, 'two', f.path)).equals(one)).toBe(true);
    }
    // Exporting again over a release folder replaces it; no temporary folder is left behind.
    expect((await cli('export', '--out', path.join(outDir, 'one'), '--db', ctx.file, '--name', 'v1')).code).toBe(0);
    expect(fs.readdirSync(outDir).sort()).toEqual(['one', 'two']);
  });

  it('never leaves a half-written release: a failing write keeps the old folder and no temporary one', () => {
    const parent = tempDir('ccb-atomic-');
    const target = path.join(parent, 'rel');
    const good = [{ path: 'manifest.json', content: Buffer.from('{}\n'), sha256: sha256('{}\n') }];
    writeReleaseDir(target, good);
    // "a" as a file, then "a/b" needs "a" as a folder: the write fails half-way.
    const broken = [{ path: 'a', content: Buffer.from('x'), sha256: sha256('x') }, { path: 'a/b', content: Buffer.from('y'), sha256: sha256('y') }];
    expect(() => writeReleaseDir(target, broken)).toThrow();
    expect(fs.readdirSync(parent)).toEqual(['rel']);
    expect(fs.readdirSync(target)).toEqual(['manifest.json']);
    expect(() => writeReleaseDir(path.join(parent, 'fresh'), broken)).toThrow();
    expect(fs.readdirSync(parent)).toEqual(['rel']);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('replaces a release written before whole: its old files and folders (and a link in them) are gone, nothing is left next to it', () => {
    const parent = tempDir('ccb-replace-');
    const target = path.join(parent, 'rel');
    const kept = path.join(parent, 'outside.txt');
    fs.writeFileSync(kept, 'not ours');
    const file = (p: string, text: string) => ({ path: p, content: Buffer.from(text), sha256: sha256(text) });
    writeReleaseDir(target, [file('old.jsonl', 'x\n'), file('charts/a/deep.svg', '<svg/>'), file('manifest.json', '{}\n')]);
    fs.symlinkSync(kept, path.join(target, 'charts', 'link'));
    writeReleaseDir(target, [file('new.jsonl', 'y\n'), file('manifest.json', '{"v":2}\n')]);
    expect(fs.readdirSync(target).sort()).toEqual(['manifest.json', 'new.jsonl']);
    expect(fs.readFileSync(path.join(target, 'manifest.json'), 'utf8')).toBe('{"v":2}\n');
    expect(fs.readdirSync(parent).sort()).toEqual(['outside.txt', 'rel']);
    expect(fs.readFileSync(kept, 'utf8')).toBe('not ours'); // the link went, not what it pointed to
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('clears the temporary folders a killed export left behind, once they are stale', () => {
    const parent = tempDir('ccb-stale-');
    const target = path.join(parent, 'rel');
    const stale = path.join(parent, '.rel.tmp-killed');
    const fresh = path.join(parent, '.rel.tmp-running');
    fs.mkdirSync(stale);
    fs.mkdirSync(fresh);
    const hourAgo = new Date(Date.now() - 3600_000);
    fs.utimesSync(stale, hourAgo, hourAgo);
    writeReleaseDir(target, [{ path: 'manifest.json', content: Buffer.from('{}\n'), sha256: sha256('{}\n') }]);
    // A recent one may belong to an export still running: it stays.
    expect(fs.readdirSync(parent).sort()).toEqual(['.rel.tmp-running', 'rel']);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('refuses to export over a folder that is not a release', async () => {
    const other = path.join(outDir, 'notes');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'mine.txt'), 'keep me');
    const res = await cli('export', '--out', other, '--db', ctx.file);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is not a release folder');
    expect(fs.readdirSync(other)).toEqual(['mine.txt']);
    fs.rmSync(other, { recursive: true });
  });
});

describe('validate command', () => {
  it('exits 1 on a file with errors and lists every finding as JSON; 0 on a clean file', async () => {
    const built = buildRelease(ctx.db, OPTIONS);
    const good = path.join(outDir, 'good.jsonl');
    fs.writeFileSync(good, built.files[0]!.content);
    expect((await cli('validate', good)).code).toBe(0);
    const bad = path.join(outDir, 'bad.jsonl');
    const lines = built.files[0]!.content.toString('utf8').split('\n');
    fs.writeFileSync(bad, [lines[0], lines[0], '{"task_id": 3}', ''].join('\n'));
    const text = await cli('validate', bad);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^3 task\(s\): \d+ error\(s\)/);
    const json = await cli('validate', bad, '--json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { findings: { task_id: string; rule: string; severity: string; message: string }[] };
    expect(report.findings.map((f) => f.rule)).toEqual(expect.arrayContaining(['duplicate-task-id', 'duplicate-task', 'schema']));
    expect(report.findings.find((f) => f.rule === 'schema')!.message).toMatch(/^line 3: /);
    fs.rmSync(good);
    fs.rmSync(bad);
  });
});

describe('release routes', () => {
  it('refuse to cut a release without tasks', async () => {
    const empty = tempDb();
    try {
      const maintainer = await buildUser(empty.db, { role: 'maintainer' });
      const agent = await loginAs(testApp(empty.db), maintainer);
      const res = await agent.post('/api/releases').send({ name: 'v0' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('nothing to release');
      expect((await cli('export', '--out', path.join(outDir, 'empty'), '--db', empty.file)).stderr).toContain('nothing to release');
      expect(fs.existsSync(path.join(outDir, 'empty'))).toBe(false);
    } finally {
      empty.cleanup();
    }
  });

  it('are for maintainers only', async () => {
    const agent = await loginAs(app, annotator);
    expect((await agent.get('/api/releases')).status).toBe(403);
    expect((await agent.post('/api/releases').send({ name: 'x' })).status).toBe(403);
  });

  it('previews the validation report and counts without writing anything', async () => {
    const agent = await loginAs(app, flow.maintainer);
    const res = await agent.post('/api/releases/preview').send({ policy: 'singletons' });
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ tasks: 5, k: { 1: 5, 2: 0, 3: 0 } });
    expect(res.body.report).toMatchObject({ tasks: 5, errors: 0 });
    expect(rowCount(ctx.db, 'releases')).toBe(0);
    expect((await agent.post('/api/releases/preview').send({ policy: 'some' })).body.error.message).toContain('policy:');
  });

  it('refuses a release with validation errors (400 with the report) and writes nothing', async () => {
    const agent = await loginAs(app, flow.maintainer);
    const problem = { id: problemIdOf(ctx.db, 'abc390_b') };
    setGoldQuestion(ctx.db, problem.id, 1, '');
    try {
      const res = await agent.post('/api/releases').send({ name: 'v1', policy: 'all-subsets' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details.report.findings).toContainEqual(expect.objectContaining({ task_id: 'task_2', rule: 'question-empty', severity: 'error' }));
      expect(rowCount(ctx.db, 'releases')).toBe(0);
      expect(rowCount(ctx.db, 'release_files')).toBe(0);
    } finally {
      setGoldQuestion(ctx.db, problem.id, 1, flow.gold[0][1]!.question);
    }
  });

  it('cuts an immutable release, lists it with its manifest, serves its files and zip; 409 on a used name', async () => {
    const agent = await loginAs(app, flow.maintainer);
    const cut = await agent.post('/api/releases').send({ name: 'v1', notes: 'First cut.', policy: 'all-subsets' });
    expect(cut.status).toBe(201);
    expect(cut.body.release).toMatchObject({ name: 'v1', kind: 'export', notes: 'First cut.', createdBy: 'mara' });
    expect(cut.body.release.manifest.counts.tasks).toBe(10);
    const taken = await agent.post('/api/releases').send({ name: 'v1', policy: 'singletons' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('name_taken');

    const list = await agent.get('/api/releases');
    expect(list.body.releases.map((r: { name: string }) => r.name)).toEqual(['v1']);
    const one = await agent.get('/api/releases/v1');
    expect(one.body.release.files.map((f: { path: string }) => f.path)).toEqual([RELEASE_FILE, 'README.md', 'charts/k-distribution.svg', 'charts/type-distribution.svg', 'croissant.json', 'manifest.json']);

    const jsonl = await agent.get(`/api/releases/v1/files/${RELEASE_FILE}`).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(jsonl.status).toBe(200);
    expect(sha(jsonl.body as Buffer)).toBe(cut.body.release.manifest.files[0].sha256);
    const svg = await agent.get('/api/releases/v1/files/charts/k-distribution.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect((await agent.get('/api/releases/v1/files/nope.txt')).status).toBe(404);
    expect((await agent.get('/api/releases/v2')).status).toBe(404);

    const zip = await agent.get('/api/releases/v1/download').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('v1.zip');
    const bytes = zip.body as Buffer;
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    for (const p of [RELEASE_FILE, 'README.md', 'croissant.json', 'manifest.json', 'charts/type-distribution.svg']) expect(bytes.includes(`v1/${p}`)).toBe(true);
    const again = await agent.get('/api/releases/v1/download').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect((again.body as Buffer).equals(bytes)).toBe(true);

    const events = eventsOf(ctx.db).filter((e) => e.entityType === 'release').map((e) => ({ action: e.action, entity_id: e.entityId, actor: e.actor }));
    expect(events).toEqual([{ action: 'release.cut', entity_id: 'v1', actor: 'mara' }]);
    expect(() => run(ctx.db, `UPDATE releases SET notes = 'changed' WHERE name = 'v1'`)).toThrow(/immutable/);
    expect(() => run(ctx.db, `UPDATE release_files SET sha256 = 'x'`)).toThrow(/immutable/);
  });

  it('names the release it continues in the next card, and says its ids are numbered afresh unless they came with import-release', () => {
    const card = fileText(buildRelease(ctx.db, { ...OPTIONS, name: 'v2' }), 'README.md');
    expect(card).toContain('Continues: release `v1`. Its task ids are not carried over as such: a task keeps its id only when the id came with `import-release`; every other task is numbered afresh');
    // What the card says happens: a cut stores no task ids, so the next cut numbers every task again.
    expect(rowCount(ctx.db, 'task_ids')).toBe(0);
  });
});

describe('kept task ids (a release this database continues)', () => {
  it('keeps the stored ids in the order of their positions and numbers new tasks after them', () => {
    const [geometric, strings] = flow.problems;
    // The continued release listed the string problem's singles first, in reverse.
    keepTaskId(ctx.db, strings.id, '2', 'task_1', 1);
    keepTaskId(ctx.db, strings.id, '1', 'task_2', 2);
    keepTaskId(ctx.db, strings.id, '0', 'task_7', 3);
    keepTaskId(ctx.db, geometric.id, '0', 'task_3', 4);
    const recs = records(fileText(buildRelease(ctx.db, OPTIONS), RELEASE_FILE));
    expect(recs.map((r) => [r.task_id, r.question_id, r.qa_pairs.length])).toEqual([
      ['task_1', 'abc391_a', 1],
      ['task_2', 'abc391_a', 1],
      ['task_7', 'abc391_a', 1],
      ['task_3', 'abc390_b', 1],
      ['task_8', 'abc390_b', 1],
      ['task_9', 'abc390_b', 2],
      ['task_10', 'abc391_a', 2],
      ['task_11', 'abc391_a', 2],
      ['task_12', 'abc391_a', 2],
      ['task_13', 'abc391_a', 3],
    ]);
    expect(recs[0]!.qa_pairs[0]!.question).toBe(flow.gold[1][2]!.question);
  });

  it('uses only resolved adjudications', () => {
    const draft = { id: problemIdOf(ctx.db, 'abc390_b') };
    setAdjudicationStatus(ctx.db, draft.id, 'draft');
    try {
      const recs = records(fileText(buildRelease(ctx.db, OPTIONS), RELEASE_FILE));
      expect(new Set(recs.map((r) => r.question_id))).toEqual(new Set(['abc391_a']));
    } finally {
      setAdjudicationStatus(ctx.db, draft.id, 'resolved');
    }
  });
});
