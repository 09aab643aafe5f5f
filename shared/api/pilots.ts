import { z } from 'zod';
import {
  askQuestionBody,
  createStudyBody,
  readyBody,
  reviewQuestionBody,
  saveCodeBody,
  startCodeBody,
  studyQuestionsQuery,
  type AskResult,
  type PilotSessionView,
  type PilotTasksResponse,
  type ReviewQuestion,
  type ReviewQuestionsResponse,
  type SaveCodeResult,
  type StudiesResponse,
  type StudyDetail,
} from '../schemas/pilots';
import type { TestsAtSubmit } from '../schemas/pilotCode';
import { resource } from './endpoint';
import { numericIdParam } from './params';

const MAINTAINERS = ['maintainer'] as const;
const REVIEWERS = ['adjudicator', 'maintainer'] as const;
const PILOTS = ['pilot'] as const;

const numericId = numericIdParam;
const oneStudy = z.object({ study: z.string().min(1).max(200) });
const oneSession = z.object({ id: numericId });

/** Pilot studies: maintainers run them, reviewers check the live labels, pilots work the tasks. */
export const pilots = resource('pilots', (endpoint) => ({
  /** Create a study on a stored release and assign its tasks to the pilots (201). */
  create: endpoint<StudyDetail>()({ method: 'post', path: '/api/pilot-studies', access: MAINTAINERS, body: createStudyBody, status: 201 }),
  /** Every study with its progress. */
  list: endpoint<StudiesResponse>()({ method: 'get', path: '/api/pilot-studies', access: REVIEWERS }),
  /** A study: progress, pilots (aliases), live vs reviewed agreement. */
  study: endpoint<StudyDetail>()({ method: 'get', path: '/api/pilot-studies/:study', access: REVIEWERS, params: oneStudy }),
  /** Every pilot question with its matched key question and similarity, for review. */
  questions: endpoint<ReviewQuestionsResponse>()({ method: 'get', path: '/api/pilot-studies/:study/questions', access: REVIEWERS, params: oneStudy, query: studyQuestionsQuery }),
  /** Confirm or correct one live label; the pilot run is rescored at once. */
  review: endpoint<ReviewQuestion>()({
    method: 'put',
    path: '/api/pilot-studies/:study/questions/:id/review',
    access: REVIEWERS,
    params: z.object({ study: z.string().min(1).max(200), id: numericId }),
    body: reviewQuestionBody,
    invalidates: ['runs'],
  }),
  /** The caller's tasks over all studies. */
  tasks: endpoint<PilotTasksResponse>()({ method: 'get', path: '/api/pilot/tasks', access: PILOTS }),
  /** A task whose clock has started (409 `not_ready` before Ready: reading it never starts the clock). */
  session: endpoint<PilotSessionView>()({ method: 'get', path: '/api/pilot/sessions/:id', access: PILOTS, params: oneSession }),
  /** Ready: open the task and start its clock (the first call; later calls answer the same view). */
  ready: endpoint<PilotSessionView>()({ method: 'post', path: '/api/pilot/sessions/:id/ready', access: PILOTS, params: oneSession, body: readyBody }),
  /** Ask one question; answered at once (201). 409 after the last round, while coding or after submit. */
  ask: endpoint<AskResult>()({ method: 'post', path: '/api/pilot/sessions/:id/questions', access: PILOTS, params: oneSession, body: askQuestionBody, status: 201 }),
  /** "Write code": no more questions. */
  startCode: endpoint<PilotSessionView>()({ method: 'post', path: '/api/pilot/sessions/:id/code', access: PILOTS, params: oneSession, body: startCodeBody }),
  /** Autosave the code (a snapshot); 409 on a stale version or after submit. */
  saveCode: endpoint<SaveCodeResult>()({ method: 'put', path: '/api/pilot/sessions/:id/code', access: PILOTS, params: oneSession, body: saveCodeBody, draft: true }),
  /** Save the final code and submit; nothing changes afterwards. The server then tests the submitted code on the public tests (or says why it could not). */
  submit: endpoint<PilotSessionView & { testsAtSubmit: TestsAtSubmit }>()({ method: 'post', path: '/api/pilot/sessions/:id/submit', access: PILOTS, params: oneSession, body: saveCodeBody, invalidates: ['runs'] }),
}));
