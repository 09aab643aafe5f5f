import { assignments } from '../../../shared/api/assignments';
import { routesOf } from '../../http/route';
import { presentQueue } from '../../presenters/annotations';
import { getQueue, skipProblem } from '../../services/annotations';
import { autoAssign, previewAutoAssign, setAssignment, workloadOverview } from '../../services/assignments';

export const assignmentRoutes = routesOf(assignments, {
  queue: ({ db, user }) => presentQueue(getQueue(db, user)),
  skip: ({ db, user, actor, params, body }) => skipProblem(db, user, actor, params.questionId, body.reason),
  unskip: ({ db, user, actor, params }) => skipProblem(db, user, actor, params.questionId, null),
  overview: ({ db }) => workloadOverview(db),
  autoPreview: ({ db, query }) => previewAutoAssign(db, query),
  auto: ({ db, actor, body }) => autoAssign(db, actor, body),
  set: ({ db, actor, params, body }) => ({ questionId: params.questionId, annotators: setAssignment(db, actor, params.questionId, body.annotators) }),
});
