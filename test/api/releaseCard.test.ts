import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationStates } from '../../db/annotations';
import { lcbVersions } from '../../db/problems';
import { RELEASE_FILE, type ReleaseRecord } from '../../shared/release/format';
import { DEFAULT_RELEASE_SETTINGS } from '../../shared/schemas/releaseSettings';
import { DEMO_ACCOUNTS, DEMO_PROBLEMS, seedDemo } from '../../server/seed';
import { FIXTURE_SCRYPT } from '../support/builders';
import { releaseFiles } from '../../server/services/releases/store';
import { runCli } from '../support/cli';
import { expectSections } from '../support/cardSections';
import { readCroissantRecords } from '../support/croissantReader';
import { tempDb, tempDir } from '../support/db';
import { loginAs, testApp, type Agent } from '../support/http';
import { eventsOf } from '../support/state';

const ctx = tempDb();
const app = testApp(ctx.db);
const out = tempDir('ccb-release-card-');
const account = (name: string) => DEMO_ACCOUNTS.find((a) => a.username === name)!;
let mara: Agent;
let accepted: string[];

const SETTINGS = {
  ...DEFAULT_RELEASE_SETTINGS,
  outOfScopeUse: 'Training code models on the answers.',
  bias: 'Only contest problems in English.',
  limitations: 'Demo problems only.',
  personalInfo: 'Reviewed by mara: no personal data.',
  authors: 'Mara (maintainer)',
  contact: 'mara@example.org',
};

beforeAll(async () => {
  await seedDemo(ctx.db, { scrypt: FIXTURE_SCRYPT });
  mara = await loginAs(app, account('mara'));
  const ada = await loginAs(app, account('ada'));
  const queue = (await ada.get('/api/adjudications').expect(200)).body as { items: { questionId: string; exactAgreement: boolean }[] };
  accepted = queue.items.filter((i) => i.exactAgreement).map((i) => i.questionId);
  for (const q of accepted) await ada.post(`/api/adjudications/${q}/accept`).send({ version: 0 }).expect(200);
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(out, { recursive: true, force: true });
});

describe('release settings (maintainers, on the Releases page)', () => {
  it('start with the defaults, are saved whole with an event, and refuse a bad field by name', async () => {
    expect((await mara.get('/api/settings/release').expect(200)).body.settings).toEqual(DEFAULT_RELEASE_SETTINGS);
    const bad = await mara.put('/api/settings/release').send({ ...SETTINGS, licenseLink: 'not a url' }).expect(400);
    expect(bad.body.error.message).toMatch(/^licenseLink: /);
    expect((await mara.get('/api/settings/release').expect(200)).body.settings).toEqual(DEFAULT_RELEASE_SETTINGS);
    expect((await mara.put('/api/settings/release').send(SETTINGS).expect(200)).body.settings).toEqual(SETTINGS);
    expect((await mara.get('/api/settings/release').expect(200)).body.settings).toEqual(SETTINGS);
    const event = eventsOf(ctx.db, 'settings.update').filter((e) => e.entityId === 'release').at(-1)!;
    expect(event.after).toEqual(SETTINGS);
  });
});

describe('a release cut from the demo (2 of the 5 doubly annotated problems resolved)', () => {
  let card: string;
  let records: ReleaseRecord[];
  let croissant: Record<string, unknown>;
  let createdAt: string;

  beforeAll(async () => {
    expect(accepted).toHaveLength(2);
    const res = await mara.post('/api/releases').send({ name: 'v1.1', notes: 'demo cut' }).expect(201);
    createdAt = res.body.release.createdAt;
    expect(res.body.release.settings).toEqual(SETTINGS);
    const { files } = releaseFiles(ctx.db, 'v1.1');
    const text = (p: string) => files.find((f) => f.path === p)!.content.toString('utf8');
    card = text('README.md');
    records = text(RELEASE_FILE).trim().split('\n').map((l) => JSON.parse(l) as ReleaseRecord);
    croissant = JSON.parse(text('croissant.json')) as Record<string, unknown>;
    const read = readCroissantRecords(croissant, new Map([[RELEASE_FILE, text(RELEASE_FILE)]]), 'tasks');
    expect(read).toEqual(records);
  });

  it('reads through Croissant record for record, field for field, with a semantic version and the cut date', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(croissant).toMatchObject({ name: 'ClarifyCodeBench v1.1', version: '1.1.0', datePublished: createdAt.slice(0, 10), license: DEFAULT_RELEASE_SETTINGS.licenseLink });
  });

  it('quotes agreement and effort over exactly the 2 released problems (of 5 doubly annotated), saying so', () => {
    const submitted = annotationStates(ctx.db).filter((a) => a.status === 'submitted').map((a) => a.problemId);
    expect([...new Set(submitted)].filter((id) => submitted.filter((s) => s === id).length === 2)).toHaveLength(5);
    expect(new Set(records.map((r) => r.question_id))).toEqual(new Set(accepted));
    expect(card).toContain('Computed over the 2 of the 2 released problems that have two submitted independent annotations (before adjudication)');
    // The two accepted problems agree exactly, so the released problems' agreement is perfect.
    expect(card).toContain('| deleted characters: percent agreement | 1.000');
    expect(card).toContain('4 submitted annotation(s) by');
    expect(card).toContain('on the 2 released problems');
    expect(card).toContain('| test | ' + records.length + ' | 2 | `ClarifyCodeBench.jsonl` |');
  });

  it('has every section, the creation paragraph from provenance and the maintainers\' settings', () => {
    expectSections(card);
    expect(card).toContain('Of the 2 source problems of this release:\n\n- 2 were annotated here by two annotators working independently and blind to each other, and adjudicated here into their gold points.');
    expect(card).not.toContain('imported from the release file');
    expect(card).toContain('**Deletion-only editing** (the 2 problems adjudicated here)');
    expect(card).toContain('no LiveCodeBench release is recorded for them');
    expect(card).toContain('- LiveCodeBench release of the statements: not recorded (2 problems).');
    expect(card).toContain('Version 1.1.0, cut on ' + createdAt.slice(0, 10) + '.');
    expect(card).toContain('### Out-of-Scope Use\n\nTraining code models on the answers.');
    expect(card).toContain('Only contest problems in English.');
    expect(card).toContain('Demo problems only.');
    expect(card).toContain('Reviewed by mara: no personal data.');
    expect(card).toContain('## Dataset Card Authors\n\nMara (maintainer)\n\n## Dataset Card Contact\n\nmara@example.org\n');
    expect(card).toMatch(/^---\nlicense: other\nlicense_name: mit-and-livecodebench-terms\nlicense_link: "https:\/\/huggingface.co\/datasets\/livecodebench\/code_generation_lite"\n/);
    expect(card).toContain('archivePrefix = {arXiv}');
    const first = records[0]!;
    expect(card).toContain(`The first record of \`ClarifyCodeBench.jsonl\` (\`${first.task_id}\`)`);
    expect(card).toContain(`"question_id": "${first.question_id}"`);
    expect(card).toContain(JSON.stringify(first.qa_pairs[0]!.question));
    expect(card).toContain('Known from the released records: 2 problems, all competitive-programming statements');
  });

  it('keeps the settings it was cut with when the settings change later', async () => {
    await mara.put('/api/settings/release').send({ ...SETTINGS, contact: 'someone-else@example.org' }).expect(200);
    const release = (await mara.get('/api/releases/v1.1').expect(200)).body.release;
    expect(release.settings.contact).toBe('mara@example.org');
    expect(release.manifest).toMatchObject({ version: '1.1.0', date: createdAt.slice(0, 10) });
    const next = await mara.post('/api/releases').send({ name: 'v1.2', version: '1.2.0-rc' }).expect(400);
    expect(next.body.error.message).toMatch(/^version: use MAJOR\.MINOR\.PATCH/);
  });
});

describe('the command line', () => {
  it('export: --version, --date and a --settings file set the metadata; folders 0755, files 0644; same options, same bytes', async () => {
    const settingsFile = path.join(out, 'settings.json');
    fs.writeFileSync(settingsFile, JSON.stringify({ contact: 'cli@example.org', license: 'mit' }));
    const args = ['export', '--db', ctx.file, '--name', 'snapshot', '--version', '0.3.0', '--date', '2026-11-30', '--settings', settingsFile];
    const old = process.umask(0o077);
    try {
      // The settings fill everything the card needs but the curators: one warning, naming it.
      expect(await runCli([...args, '--out', path.join(out, 'a')])).toMatchObject({ status: 0, stderr: expect.stringMatching(/^warning: release setting curators is empty: [^\n]*\n$/) });
    } finally {
      process.umask(old);
    }
    expect((await runCli([...args, '--out', path.join(out, 'b')])).status).toBe(0);
    const dir = path.join(out, 'a');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(dir, 'charts')).mode & 0o777).toBe(0o755);
    for (const f of ['README.md', RELEASE_FILE, 'croissant.json', 'manifest.json', 'charts/k-distribution.svg']) {
      expect(fs.statSync(path.join(dir, f)).mode & 0o777, f).toBe(0o644);
      expect(fs.readFileSync(path.join(dir, f)).equals(fs.readFileSync(path.join(out, 'b', f))), f).toBe(true);
    }
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'croissant.json'), 'utf8'));
    expect(meta).toMatchObject({ name: 'ClarifyCodeBench snapshot', version: '0.3.0', datePublished: '2026-11-30', license: 'https://opensource.org/licenses/MIT' });
    const card = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    expect(card).toMatch(/^---\nlicense: mit\nlanguage:/);
    expect(card).toContain('## Dataset Card Contact\n\ncli@example.org\n');
    // The rest comes from the settings saved on the Releases page.
    expect(card).toContain('Only contest problems in English.');
  });

  it('export: a bad --version, --date or settings key is a usage error naming it', async () => {
    const base = ['export', '--db', ctx.file, '--out', path.join(out, 'bad')];
    expect(await runCli([...base, '--version', 'v1'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--version: use MAJOR.MINOR.PATCH') });
    expect(await runCli([...base, '--date', '2026-13-01'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--date: use YYYY-MM-DD') });
    const file = path.join(out, 'bad-settings.json');
    fs.writeFileSync(file, JSON.stringify({ licence: 'mit' }));
    expect(await runCli([...base, '--settings', file])).toMatchObject({ status: 2, stderr: expect.stringContaining('--settings:') });
    fs.writeFileSync(file, JSON.stringify({ licenseLink: 'ftp://x' }));
    expect(await runCli([...base, '--settings', file])).toMatchObject({ status: 2, stderr: expect.stringContaining('--settings: licenseLink: use an http(s) address') });
    expect(fs.existsSync(path.join(out, 'bad'))).toBe(false);
  });

  it('import-lcb --lcb-version records the LiveCodeBench release on every problem of the file; a bad tag writes nothing', async () => {
    expect((await runCli(['import-lcb', DEMO_PROBLEMS, '--db', ctx.file, '--lcb-version', 'v 6'])).status).toBe(2);
    expect(lcbVersions(ctx.db).filter((v) => v !== null)).toHaveLength(0);
    const res = await runCli(['import-lcb', DEMO_PROBLEMS, '--db', ctx.file, '--lcb-version', 'v6']);
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('LiveCodeBench release v6');
    expect(lcbVersions(ctx.db)).toEqual(Array(8).fill('v6'));
    // An import without the option keeps what is recorded.
    expect((await runCli(['import-lcb', DEMO_PROBLEMS, '--db', ctx.file])).status).toBe(0);
    expect(lcbVersions(ctx.db).filter((v) => v === 'v6')).toHaveLength(8);
    expect((await runCli(['export', '--db', ctx.file, '--out', path.join(out, 'v6'), '--date', '2026-11-30'])).status).toBe(0);
    expect(fs.readFileSync(path.join(out, 'v6', 'README.md'), 'utf8')).toContain('- LiveCodeBench release of the statements: v6 (2 problems).');
  });
});
