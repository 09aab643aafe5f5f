/** Pilot studies: the endpoints of shared/api/pilots.ts. */
import { pilots } from '../../../shared/api/pilots';
import { routesOf } from '../../http/route';
import { presentReviewQuestion, presentStudyQuestions } from '../../presenters/pilots';
import { askQuestion, myTasks, readySession, sessionView, saveDraftCode, startCoding, submitSession } from '../../services/pilots/session';
import { createStudy, listStudies, studyDetail } from '../../services/pilots/studies';
import { reviewQuestion, studyQuestions } from '../../services/pilots/review';
import { testAtSubmit } from '../../services/pilots/codeTools';
import { sandboxOf } from '../../services/sandbox/registry';

export const pilotRoutes = routesOf(pilots, {
  create: ({ db, actor, body }) => createStudy(db, actor, body),
  list: ({ db }) => listStudies(db),
  study: ({ db, params, user }) => studyDetail(db, params.study, user.role === 'maintainer'),
  questions: ({ db, params, query }) => presentStudyQuestions(studyQuestions(db, params.study, query.state)),
  review: ({ db, actor, params, body }) => presentReviewQuestion(reviewQuestion(db, actor, params.study, params.id, body)),
  tasks: ({ db, user }) => myTasks(db, user.id),
  session: ({ db, user, params }) => sessionView(db, user.id, params.id),
  ready: ({ db, actor, user, params }) => readySession(db, actor, user.id, params.id),
  ask: ({ db, actor, user, params, body }) => askQuestion(db, actor, user.id, params.id, body.question),
  startCode: ({ db, actor, user, params }) => startCoding(db, actor, user.id, params.id),
  saveCode: ({ db, actor, user, params, body }) => saveDraftCode(db, actor, user.id, params.id, body),
  // The submit is recorded first; then the server tests the submitted code on the public tests.
  submit: async ({ req, db, actor, user, params, body }) => {
    const view = submitSession(db, actor, user.id, params.id, body);
    return { ...view, testsAtSubmit: await testAtSubmit(db, sandboxOf(req.app), user.id, params.id) };
  },
});
