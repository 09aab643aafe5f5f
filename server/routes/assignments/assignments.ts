import { assignments } from '../../../shared/api/assignments';
import { route } from '../../http/route';
import { presentQueue } from '../../presenters/annotations';
import { getQueue, skipProblem } from '../../services/annotations';
import { autoAssign, previewAutoAssign, setAssignment, workloadOverview } from '../../services/assignments';

export const assignmentRoutes = [
  route(assignments.queue, ({ db, user }) => presentQueue(getQueue(db, user))),
  route(assignments.skip, ({ db, user, actor, params, body }) => skipProblem(db, user, actor, params.questionId, body.reason)),
  route(assignments.unskip, ({ db, user, actor, params }) => skipProblem(db, user, actor, params.questionId, null)),
  route(assignments.overview, ({ db }) => workloadOverview(db)),
  route(assignments.autoPreview, ({ db, query }) => previewAutoAssign(db, query)),
  route(assignments.auto, ({ db, actor, body }) => autoAssign(db, actor, body)),
  route(assignments.set, ({ db, actor, params, body }) => ({ questionId: params.questionId, annotators: setAssignment(db, actor, params.questionId, body.annotators) })),
];
