import type { DB } from '../../db/database';
import type { Actor } from '../../db/events';
import { createStudyBody } from '../../shared/schemas/pilots';
import { createStudy } from '../../server/services/pilots/studies';
import { askQuestion, myTasks, readySession, startCoding, submitSession } from '../../server/services/pilots/session';
import type { PageVisit } from './a11yPages';
import { sessionTaskId } from './pilotWorld';

/** The pilot study of the accessibility world (on release v2: one task per problem for pia). */
export const A11Y_STUDY = 'a11y-study';

export interface A11yPilotWorld {
  study: string;
  /** pia's session with two questions asked (a hit and a miss), still asking. */
  pilotAsking: number;
  /** pia's submitted session: her run on the Runs page, its questions on the review page. */
  pilotSubmitted: number;
}

/**
 * pia's study: one session submitted after one hit and one miss (so a human run and questions to
 * review exist), another left mid-dialogue with the same two turns.
 */
export function seedA11yPilots(db: DB, mara: Actor, pia: { id: number; username: string }, keyQuestion: (taskId: string) => string): A11yPilotWorld {
  createStudy(db, mara, createStudyBody.parse({ name: A11Y_STUDY, release: 'v2', pilots: [pia.username] }));
  const [first, second] = myTasks(db, pia.id).tasks;
  if (!first || !second) throw new Error('the a11y pilot study needs two tasks for pia');
  const actor: Actor = { id: pia.id, name: pia.username };
  for (const s of [first, second]) {
    readySession(db, { id: pia.id, name: 'pilot' }, pia.id, s.id);
    askQuestion(db, actor, pia.id, s.id, keyQuestion(sessionTaskId(db, s.id)));
    askQuestion(db, actor, pia.id, s.id, 'Should the answer be printed in French?');
  }
  const coding = startCoding(db, actor, pia.id, first.id);
  submitSession(db, actor, pia.id, first.id, { version: coding.code.version, code: 'n = int(input())\nprint(n)\n', activeMs: 0, pastes: 0 });
  return { study: A11Y_STUDY, pilotAsking: second.id, pilotSubmitted: first.id };
}

/** The pilot-study pages, per role. */
export const PILOT_VISITS: PageVisit[] = [
  { route: '/', role: 'pilot', state: 'home: the task list', path: () => '/', ready: (page) => page.getByRole('table', { name: 'Your tasks' }).waitFor() },
  { route: '/pilot', role: 'pilot', state: 'task list, one submitted', path: () => '/pilot', ready: (page) => page.getByRole('table', { name: 'Your tasks' }).waitFor() },
  {
    route: '/pilot/sessions/:id',
    role: 'pilot',
    state: 'mid-dialogue: a hit and a miss answered',
    path: (w) => `/pilot/sessions/${w.pilotAsking}`,
    ready: async (page) => {
      await page.getByRole('list', { name: 'Your questions and their answers' }).getByRole('listitem').nth(1).waitFor();
      await page.getByLabel('Your question', { exact: true }).waitFor();
    },
  },
  {
    route: '/pilot/sessions/:id',
    role: 'pilot',
    state: 'empty question refused',
    path: (w) => `/pilot/sessions/${w.pilotAsking}`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Ask' }).click();
      await page.getByRole('alert').filter({ hasText: 'Write a question first' }).waitFor();
    },
  },
  {
    route: '/pilot/sessions/:id',
    role: 'pilot',
    state: 'writing code in the editor',
    path: (w) => `/pilot/sessions/${w.pilotAsking}`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Write code' }).click();
      await page.getByRole('dialog', { name: 'Write the code now?' }).getByRole('button', { name: 'Write code now' }).click();
      await page.getByRole('textbox', { name: 'Your code (Python)' }).waitFor();
    },
  },
  {
    route: '/pilot/sessions/:id',
    role: 'pilot',
    state: 'submitted, read-only',
    path: (w) => `/pilot/sessions/${w.pilotSubmitted}`,
    ready: (page) => page.getByText('This task is finished and read-only.').waitFor(),
  },
  ...(['maintainer', 'adjudicator'] as const).flatMap((role): PageVisit[] => [
    { route: '/pilot-studies', role, state: 'studies', path: () => '/pilot-studies', ready: (page) => page.getByRole('table', { name: 'Pilot studies' }).waitFor() },
    {
      route: '/pilot-studies/:study',
      role,
      state: 'progress, agreement, key questions no pilot asked',
      path: (w) => `/pilot-studies/${w.study}`,
      ready: async (page) => {
        await page.getByRole('table', { name: 'Progress per pilot' }).waitFor();
        await page.getByRole('heading', { name: /Key questions no pilot asked \(\d+\)/ }).waitFor();
      },
    },
    {
      route: '/pilot-studies/:study/review',
      role,
      state: 'questions beside their matched key question',
      path: (w) => `/pilot-studies/${w.study}/review`,
      ready: (page) => page.getByRole('list', { name: 'Pilot questions' }).getByRole('listitem').first().waitFor(),
    },
  ]),
  {
    route: '/pilot-studies',
    role: 'maintainer',
    state: 'create form refused without pilots',
    path: () => '/pilot-studies',
    ready: async (page) => {
      await page.getByLabel('Name').fill('another-study');
      await page.getByRole('button', { name: 'Create study' }).click();
      await page.getByRole('alert').filter({ hasText: 'Fix the fields marked above' }).waitFor();
    },
  },
];
