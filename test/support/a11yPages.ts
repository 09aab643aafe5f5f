import type { BrowserContext, Page } from 'playwright-core';
import type { DB } from '../../db/database';
import { findAdjudication } from '../../db/adjudications';
import { setGoldQuestion } from '../../db/points';
import type { Actor } from '../../db/events';
import type { Role } from '../../shared/roles';
import type { Point } from '../../shared/edits';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/seed';
import { saveDraft } from '../../server/services/annotations';
import { acceptAgreement } from '../../server/services/adjudications/gold';
import { cutRelease } from '../../server/services/releases/store';
import { assign, buildProblem, FIXTURE_SCRYPT } from './builders';
import { spanOf } from './annotationBuilders';
import { upsertSuggestion } from '../../db/suggestions';
import { setGlobalSuggestionPolicy } from '../../server/services/suggestions/policy';
import { hashOf } from './baseText';
import { runLine, storeRun } from './runFixture';
import { storedJob } from './suggestionJobs';
import { problemIdOf, releaseRecords, userIdOf } from './state';
import { PILOT_VISITS, seedA11yPilots, type A11yPilotWorld } from './a11yPilotPages';
import { postComment } from '../../server/services/comments/comments';
import { createBatch } from '../../server/services/batches';
import { createBatchBody } from '../../shared/schemas/batches';
import { createAudit } from '../../server/services/judgeAudits/create';

/** The judge audit of the accessibility world: both question turns of `a11y-model`, nothing labelled yet. */
export const A11Y_AUDIT = 'audit-spring';

/** The batch of the accessibility world: alice's two drafts, overdue. */
export const A11Y_BATCH = 'week-1';

/**
 * The world every accessibility visit runs in: the demo (its accounts, problems and double
 * annotations, three of them disagreeing) plus
 * - alice's drafts of `editing` and `spare` with three points and a repair (the editor at its fullest);
 * - a model suggestion for `editing` under the `always` policy (the editor's Suggestions card);
 * - two exact agreements accepted as gold and two releases cut (v1, then v2 with one more problem),
 *   so the releases, release diff and audit pages have content;
 * - pilot study A11Y_STUDY on v2 for pia (a11yPilotPages.ts), one session submitted, one mid-dialogue;
 * - afterwards one gold question emptied, so checking a release reports errors.
 */
export interface A11yWorld extends A11yPilotWorld {
  accounts: Record<Role, { id: number; username: string; password: string }>;
  /** alice's draft: three points, one with a repair. */
  editing: string;
  /** The same draft on another problem, for tests that change it. */
  spare: string;
  /** alice's submitted (read-only) annotation. */
  submitted: string;
  /** A and B disagree; not adjudicated yet. */
  disagreeing: string;
  /** Resolved by accepting an exact agreement. */
  resolved: string;
  /** A task of release v1 that the model run `a11y-model` worked (one hit, one miss). */
  runTask: string;
}

interface ReleaseLine {
  task_id: string;
  question_id: string;
  qa_pairs: { question: string }[];
}

/** The task lines of a stored release. */
const releaseLines = (db: DB, release: string): ReleaseLine[] => releaseRecords<ReleaseLine>(db, release);

/** The model run the Runs pages show: release v1's first task, one miss then one hit, then code. */
async function storeA11yRun(db: DB, mara: Actor): Promise<string> {
  const first = releaseLines(db, 'v1')[0]!;
  const asked = ['What should the program print for an empty input?', first.qa_pairs[0]!.question];
  await storeRun(db, mara, 'a11y-model', { release: 'v1' }, [runLine(first.task_id, first.question_id, first.qa_pairs.length, asked, [0, 1])]);
  return first.task_id;
}

const DEMO_USER: Record<Role, string> = { annotator: 'alice', adjudicator: 'ada', maintainer: 'mara', pilot: 'pia' };

function account(db: DB, role: Role) {
  const username = DEMO_USER[role];
  const id = userIdOf(db, username);
  return { id, username, password: DEMO_ACCOUNTS.find((a) => a.username === username)!.password };
}

const adjudicationVersion = (db: DB, questionId: string) => findAdjudication(db, problemIdOf(db, questionId))?.version ?? 0;

function threePointsAndARepair(base: string): Point[] {
  const lower = spanOf(base, 'If A is a geometric progression, ');
  return [
    { deletions: [spanOf(base, ' of positive integers')], repairs: [], question: 'May the elements be zero or negative?', answer: 'All elements are positive integers.', type: 'Collection Semantics' },
    { deletions: [spanOf(base, 'geometric ')], repairs: [], question: 'Which kind of progression?', answer: 'A geometric progression.', type: 'Behavior' },
    {
      deletions: [lower],
      // "print Yes" now starts the sentence: a letter-case repair right after the deletion.
      repairs: [{ start: lower[1], end: lower[1] + 1, text: 'P' }],
      question: 'When should Yes be printed?',
      answer: 'If A is a geometric progression.',
      type: 'Output Format',
    },
  ];
}

export async function seedA11yWorld(db: DB): Promise<A11yWorld> {
  await seedDemo(db, { scrypt: FIXTURE_SCRYPT });
  const accounts = { annotator: account(db, 'annotator'), adjudicator: account(db, 'adjudicator'), maintainer: account(db, 'maintainer'), pilot: account(db, 'pilot') };
  const bob = { id: userIdOf(db, 'bob') };
  const problem = buildProblem(db, { questionId: 'abc390_b', title: 'Geometric Sequence' });
  const spare = buildProblem(db, { questionId: 'abc390_c', title: 'Geometric Sequence (again)' });
  const alice = { id: accounts.annotator.id, username: 'alice', role: 'annotator' as const };
  for (const p of [problem, spare]) {
    assign(db, p.id, accounts.annotator.id, 1);
    assign(db, p.id, bob.id, 2);
    saveDraft(db, alice, { id: alice.id, name: 'alice' }, p.questionId, { baseTextHash: hashOf(p), version: 0, points: threePointsAndARepair(p.baseText) });
  }

  const ada: Actor = { id: accounts.adjudicator.id, name: 'ada' };
  // A flag on the problem being edited, answered by the adjudicator: the discussion panels and the open-flags list have content.
  const flag = postComment(db, alice, { id: alice.id, name: 'alice' }, problem.questionId, { kind: 'flag', reason: 'unclear', body: 'May N be 1? The constraints say 2.' }).comments[0]!;
  postComment(db, { id: ada.id!, role: 'adjudicator' }, ada, problem.questionId, { kind: 'comment', body: 'N is at least 2; the constraints hold.', replyTo: flag.id });
  const mara: Actor = { id: accounts.maintainer.id, name: 'mara' };
  seedA11ySuggestion(db, mara, problem);
  acceptAgreement(db, ada, 'demo_004', adjudicationVersion(db, 'demo_004'));
  cutRelease(db, mara, { name: 'v1', notes: 'First cut.', policy: 'all-subsets', extended: false });
  const runTask = await storeA11yRun(db, mara);
  createAudit(db, mara, { name: A11Y_AUDIT, model: 'a11y-model', size: 2, seed: 1, labelers: 2 });
  acceptAgreement(db, ada, 'demo_006', adjudicationVersion(db, 'demo_006'));
  cutRelease(db, mara, { name: 'v2', notes: 'Second cut, one more problem.', policy: 'all-subsets', extended: false });
  const v2 = new Map(releaseLines(db, 'v2').map((l) => [l.task_id, l.qa_pairs[0]!.question]));
  const pilots = seedA11yPilots(db, mara, accounts.pilot, (taskId) => v2.get(taskId)!);
  // A batch long past its due date: the queue groups by it and marks its open work overdue.
  createBatch(db, mara, createBatchBody.parse({ name: A11Y_BATCH, due: '2020-01-31', problems: [problem.questionId, spare.questionId] }));
  // A gold question emptied by mistake: the next release check reports errors.
  setGoldQuestion(db, problemIdOf(db, 'demo_006'), 0, '');
  storedJob(db, spare.id); // a finished suggestion job for the Suggestions page
  return { accounts, editing: problem.questionId, spare: spare.questionId, submitted: 'demo_001', disagreeing: 'demo_001', resolved: 'demo_004', runTask, ...pilots };
}

/** A model suggestion for the `editing` problem, shown always: the editor's ghosts and the Agreement page's Suggestions section get checked too. */
function seedA11ySuggestion(db: DB, actor: Actor, problem: { id: number; baseText: string }): void {
  const point = { deletions: [spanOf(problem.baseText, 'Standard Input')], repairs: [], question: 'Where is the input read from?', answer: 'Standard Input.', type: 'Behavior' };
  upsertSuggestion(db, { problemId: problem.id, agent: 'model-a', score: 0.7, points: JSON.stringify([point]), source: 'import', baseSha256: hashOf(problem), createdAt: '2026-12-01T00:00:00.000Z' });
  setGlobalSuggestionPolicy(db, actor, 'always');
}

/** A browser context logged in as the role's demo account (a session made directly, no login form). */
export async function contextAs(browser: { newContext: (o: object) => Promise<BrowserContext> }, db: DB, url: string, world: A11yWorld, role: Role | 'anonymous') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (role !== 'anonymous') {
    const { token } = createSession(db, world.accounts[role].id);
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url }]);
  }
  return context;
}

export type VisitRole = Role | 'anonymous';

/** One page in one state, as one role sees it: checked by axe and for reflow at 640 px. */
export interface PageVisit {
  /** The route pattern of client/src/routes.tsx this visit covers (null: the login page, outside the route table). */
  route: string | null;
  role: VisitRole;
  /** What the page shows in this visit (names the test). */
  state: string;
  path: (w: A11yWorld) => string;
  /** Waits until the page shows the state (bringing it about when it takes an action). */
  ready: (page: Page, w: A11yWorld) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();

/**
 * Every page of the app, per role that may open it, in the states that matter. Adding a page to
 * the route table without an entry here fails the accessibility suite.
 */
export const PAGE_VISITS: PageVisit[] = [
  // anyone
  { route: null, role: 'anonymous', state: 'login form', path: () => '/login', ready: heading('CCB Studio') },
  {
    route: null,
    role: 'anonymous',
    state: 'login refused',
    path: () => '/login',
    ready: async (page) => {
      await page.getByLabel('Username').fill('nobody');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { route: '/', role: 'annotator', state: 'home: the queue', path: () => '/', ready: heading('Your queue') },
  { route: '/', role: 'adjudicator', state: 'home: the queue', path: () => '/', ready: (page) => page.getByRole('table').first().waitFor() },
  { route: '/', role: 'maintainer', state: 'home: what needs attention', path: () => '/', ready: (page) => page.getByRole('list', { name: 'Needs attention' }).waitFor() },
  ...(['annotator', 'adjudicator', 'maintainer'] as const).map((role): PageVisit => ({ route: '/discussion', role, state: 'unread comments', path: () => '/discussion', ready: heading('Discussion') })),
  // annotator
  { route: '/queue', role: 'annotator', state: 'queue with to do, in progress and submitted', path: () => '/queue', ready: heading('Your queue') },
  { route: '/my-agreement', role: 'annotator', state: 'one resolved problem', path: () => '/my-agreement', ready: heading('My agreement') },
  { route: '/feedback/:questionId', role: 'annotator', state: 'own submission beside the gold', path: (w) => `/feedback/${w.resolved}`, ready: heading(/^Feedback: /) },
  // the guidelines, for the annotation roles (the maintainer's with its editor; pilots play the model)
  ...(['annotator', 'adjudicator', 'maintainer', 'pilot'] as const).map((role): PageVisit => ({ route: '/account', role, state: 'the password form', path: () => '/account', ready: heading('Your account') })),
  ...(['annotator', 'adjudicator', 'maintainer'] as const).map((role): PageVisit => ({ route: '/guidelines', role, state: 'types, rules and team text', path: () => '/guidelines', ready: heading('Guidelines') })),
  {
    route: '/annotate/:questionId',
    role: 'annotator',
    state: 'three points and a repair',
    path: (w) => `/annotate/${w.editing}`,
    ready: async (page) => {
      await page.locator('[data-testid="base-text"] ins.repair-mark').waitFor();
      await page.getByRole('group', { name: 'Point 3' }).waitFor();
    },
  },
  {
    route: '/annotate/:questionId',
    role: 'annotator',
    state: 'submit refused with missing fields',
    path: (w) => `/annotate/${w.editing}`,
    ready: async (page) => {
      const card = page.getByRole('group', { name: 'Point 2' });
      await card.getByLabel('Key question').fill('');
      await page.getByRole('button', { name: 'Submit annotation…' }).click();
      await page.getByRole('alert').filter({ hasText: 'Fix these before submitting' }).waitFor();
    },
  },
  {
    route: '/annotate/:questionId',
    role: 'annotator',
    state: 'the submit confirmation',
    path: (w) => `/annotate/${w.spare}`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Submit annotation…' }).click();
      await page.getByRole('dialog', { name: 'Submit this annotation?' }).waitFor();
    },
  },
  {
    route: '/annotate/:questionId',
    role: 'annotator',
    state: 'submitted, read-only',
    path: (w) => `/annotate/${w.submitted}`,
    ready: (page) => page.getByText('read-only').first().waitFor(),
  },
  // adjudicator (and maintainer)
  { route: '/adjudicate', role: 'adjudicator', state: 'queue sorted by disagreement', path: () => '/adjudicate', ready: (page) => page.getByRole('table').first().waitFor() },
  { route: '/adjudicate', role: 'maintainer', state: 'queue sorted by disagreement', path: () => '/adjudicate', ready: (page) => page.getByRole('table').first().waitFor() },
  {
    route: '/adjudicate/:questionId',
    role: 'adjudicator',
    state: 'cross-check with disagreements and a gold draft',
    path: (w) => `/adjudicate/${w.disagreeing}`,
    ready: async (page) => {
      await page.locator('[data-testid="marked-text"] mark').first().waitFor();
      await page.getByRole('button', { name: 'Take A' }).first().click();
      await page.locator('.resolve-reasons').waitFor();
    },
  },
  {
    route: '/adjudicate/:questionId',
    role: 'maintainer',
    state: 'resolved exact agreement',
    path: (w) => `/adjudicate/${w.resolved}`,
    ready: (page) => page.getByRole('button', { name: 'Reopen' }).waitFor(),
  },
  { route: '/problems/:questionId', role: 'adjudicator', state: 'base text and statement', path: (w) => `/problems/${w.disagreeing}`, ready: (page) => page.getByRole('heading', { name: 'Base text' }).waitFor() },
  { route: '/problems/:questionId', role: 'maintainer', state: 'base text and statement', path: (w) => `/problems/${w.editing}`, ready: (page) => page.getByRole('heading', { name: 'Base text' }).waitFor() },
  // maintainer
  {
    route: '/problems',
    role: 'maintainer',
    state: 'import refused with line errors',
    path: () => '/problems',
    ready: async (page) => {
      await page.getByRole('table', { name: 'Problems' }).waitFor();
      await page.getByLabel('LiveCodeBench JSONL file').setInputFiles({ name: 'bad.jsonl', mimeType: 'application/json', buffer: Buffer.from('{"question_id": 1}\nnot json\n') });
      await page.getByRole('button', { name: 'Import' }).click();
      await page.locator('.import-issues').waitFor();
    },
  },
  { route: '/users', role: 'maintainer', state: 'accounts', path: () => '/users', ready: (page) => page.getByRole('table', { name: 'Accounts' }).waitFor() },
  {
    route: '/users',
    role: 'maintainer',
    state: 'a role change asking for confirmation',
    path: () => '/users',
    ready: async (page) => {
      await page.getByLabel('Role of bob').selectOption('adjudicator');
      await page.getByRole('dialog', { name: 'Make bob an adjudicator?' }).waitFor();
    },
  },
  { route: '/assignments', role: 'maintainer', state: 'workloads and assignments', path: () => '/assignments', ready: (page) => page.getByRole('table', { name: 'Assignments by problem' }).waitFor() },
  { route: '/batches', role: 'maintainer', state: 'batches and the new-batch form', path: () => '/batches', ready: (page) => page.getByRole('table', { name: 'Batches' }).waitFor() },
  {
    route: '/batches/:name',
    role: 'maintainer',
    state: 'overdue progress and an assignment preview',
    path: () => `/batches/${A11Y_BATCH}`,
    ready: async (page) => {
      await page.getByRole('table', { name: 'Problems of the batch' }).waitFor();
      await page.getByRole('region', { name: 'Assign the batch' }).getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('region', { name: 'Preview' }).waitFor();
    },
  },
  // evaluation runs (maintainers; adjudicators read-only)
  ...(['maintainer', 'adjudicator'] as const).flatMap((role): PageVisit[] => [
    { route: '/runs', role, state: 'a model run: figures, tables and charts', path: () => '/runs', ready: (page) => page.getByRole('table', { name: 'Models side by side' }).waitFor() },
    ...(
      [
        ['per task', 'Per task', 'Task scores'],
        ['judge check', 'Judge check', 'Threshold sweep'],
        ['curation feedback', 'Curation feedback', 'Discoverability per key question'],
        ['paper tables', 'Paper tables', /Table 3/],
      ] as const
    ).map(
      ([state, tab, table]): PageVisit => ({
        route: '/runs',
        role,
        state: `a model run: the ${state} view`,
        path: () => '/runs',
        ready: async (page) => {
          await page.getByRole('tab', { name: tab }).click();
          await page.getByRole('table', { name: table }).waitFor();
        },
      }),
    ),
    {
      route: '/runs/tasks/:taskId',
      role,
      state: 'task drill-down with a hit and a miss',
      path: (w) => `/runs/tasks/${encodeURIComponent(w.runTask)}`,
      ready: (page) => page.getByRole('heading', { name: 'Gold points' }).waitFor(),
    },
  ]),
  {
    route: '/judge-audits/:name',
    role: 'maintainer',
    state: 'a judge audit not labelled yet',
    path: () => `/judge-audits/${A11Y_AUDIT}`,
    ready: (page) => page.getByRole('heading', { name: /^Humans against the run/ }).waitFor(),
  },
  {
    route: '/judge-audits/:name/label',
    role: 'adjudicator',
    state: 'a judge audit item to label, one labelled',
    path: () => `/judge-audits/${A11Y_AUDIT}/label`,
    ready: async (page) => {
      await page.locator('.audit-progress').filter({ hasText: /^0 of 2/ }).waitFor();
      await page.keyboard.press('1');
      await page.locator('.audit-progress').filter({ hasText: /^1 of 2/ }).waitFor();
    },
  },
  ...PILOT_VISITS,
  { route: '/agreement', role: 'maintainer', state: 'demo figures and heat map', path: () => '/agreement', ready: (page) => page.getByRole('table', { name: 'Type confusion heat map' }).waitFor() },
  {
    route: '/releases',
    role: 'maintainer',
    state: 'validation report with errors',
    path: () => '/releases',
    ready: async (page) => {
      await page.getByRole('table', { name: 'Releases' }).waitFor();
      await page.getByRole('button', { name: 'Check release' }).click();
      await page.getByRole('table', { name: 'Errors' }).waitFor();
    },
  },
  {
    route: '/releases/:name/card',
    role: 'maintainer',
    state: 'the data card of v2, rendered',
    path: () => '/releases/v2/card',
    ready: (page) => page.getByRole('heading', { name: 'ClarifyCodeBench v2', level: 1 }).waitFor(),
  },
  {
    route: '/releases/diff',
    role: 'maintainer',
    state: 'v1 against v2',
    path: () => '/releases/diff',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Compare' }).click();
      await page.getByRole('region', { name: 'Added' }).waitFor();
    },
  },
  {
    route: '/suggestions',
    role: 'maintainer',
    state: 'no model configured, one finished job',
    path: () => '/suggestions',
    ready: (page) => page.getByRole('table', { name: 'Suggestion jobs' }).waitFor(),
  },
  {
    route: '/suggestions/policy',
    role: 'maintainer',
    state: 'global policy always, one batch following it',
    path: () => '/suggestions/policy',
    ready: (page) => page.getByRole('table', { name: 'Batch policies' }).waitFor(),
  },
  {
    route: '/audit',
    role: 'maintainer',
    state: 'events, one change opened',
    path: () => '/audit',
    ready: async (page) => {
      await page.locator('.audit-table summary').first().click();
      await page.locator('.audit-json').first().waitFor();
    },
  },
];
