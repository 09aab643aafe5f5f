/** Pilot studies (issue 14): the routes of shared/schemas/pilots.ts PILOT_ENDPOINTS. */
import { askQuestionBody, createStudyBody, reviewQuestionBody, saveCodeBody, startCodeBody, studyQuestionsQuery } from '../../../shared/schemas/pilots';
import { route } from '../../http/route';
import { notFound } from '../../http/errors';
import { askQuestion, myTasks, openSession, saveDraftCode, startCoding, submitSession } from '../../services/pilots/session';
import { createStudy, listStudies, studyDetail } from '../../services/pilots/studies';
import { reviewQuestion, studyQuestions } from '../../services/pilots/review';

const MAINTAINERS = ['maintainer'] as const;
const REVIEWERS = ['adjudicator', 'maintainer'] as const;
const PILOTS = ['pilot'] as const;

/** A numeric id from the path; anything else names nothing. */
function id(value: string | undefined): number {
  if (!value || !/^[1-9][0-9]{0,15}$/.test(value)) throw notFound();
  return Number(value);
}

export const pilotRoutes = [
  route({
    method: 'post',
    path: '/api/pilot-studies',
    access: MAINTAINERS,
    body: createStudyBody,
    status: 201,
    handle: ({ db, actor, body }) => createStudy(db, actor, body),
  }),
  route({ method: 'get', path: '/api/pilot-studies', access: REVIEWERS, handle: ({ db }) => listStudies(db) }),
  route({
    method: 'get',
    path: '/api/pilot-studies/:study',
    access: REVIEWERS,
    handle: ({ db, params, user }) => studyDetail(db, params.study ?? '', user.role === 'maintainer'),
  }),
  route({
    method: 'get',
    path: '/api/pilot-studies/:study/questions',
    access: REVIEWERS,
    query: studyQuestionsQuery,
    handle: ({ db, params, query }) => studyQuestions(db, params.study ?? '', query.state),
  }),
  route({
    method: 'put',
    path: '/api/pilot-studies/:study/questions/:id/review',
    access: REVIEWERS,
    body: reviewQuestionBody,
    handle: ({ db, actor, params, body }) => reviewQuestion(db, actor, params.study ?? '', id(params.id), body),
  }),
  route({ method: 'get', path: '/api/pilot/tasks', access: PILOTS, handle: ({ db, user }) => myTasks(db, user.id) }),
  route({ method: 'get', path: '/api/pilot/sessions/:id', access: PILOTS, handle: ({ db, user, params }) => openSession(db, user.id, id(params.id)) }),
  route({
    method: 'post',
    path: '/api/pilot/sessions/:id/questions',
    access: PILOTS,
    body: askQuestionBody,
    status: 201,
    handle: ({ db, actor, user, params, body }) => askQuestion(db, actor, user.id, id(params.id), body.question),
  }),
  route({
    method: 'post',
    path: '/api/pilot/sessions/:id/code',
    access: PILOTS,
    body: startCodeBody,
    handle: ({ db, actor, user, params }) => startCoding(db, actor, user.id, id(params.id)),
  }),
  route({
    method: 'put',
    path: '/api/pilot/sessions/:id/code',
    access: PILOTS,
    body: saveCodeBody,
    handle: ({ db, actor, user, params, body }) => saveDraftCode(db, actor, user.id, id(params.id), body),
  }),
  route({
    method: 'post',
    path: '/api/pilot/sessions/:id/submit',
    access: PILOTS,
    body: saveCodeBody,
    handle: ({ db, actor, user, params, body }) => submitSession(db, actor, user.id, id(params.id), body),
  }),
];
