import { autoAssignBody, setAssignmentBody } from '../../../shared/schemas/backoffice';
import { route } from '../../http/route';
import { getQueue } from '../../services/annotations';
import { autoAssign, setAssignment, workloadOverview } from '../../services/assignments';

export const assignmentRoutes = [
  // The annotator's own queue: their assignments with their annotation's state.
  route({
    method: 'get',
    path: '/api/assignments',
    access: ['annotator'],
    handle: ({ db, user }) => getQueue(db, user),
  }),
  route({
    method: 'get',
    path: '/api/assignments/overview',
    access: ['maintainer'],
    handle: ({ db }) => workloadOverview(db),
  }),
  route({
    method: 'post',
    path: '/api/assignments/auto',
    access: ['maintainer'],
    body: autoAssignBody,
    handle: ({ db, actor, body }) => autoAssign(db, actor, body),
  }),
  route({
    method: 'put',
    path: '/api/assignments/:questionId',
    access: ['maintainer'],
    body: setAssignmentBody,
    handle: ({ db, actor, params, body }) => ({ questionId: params.questionId, annotators: setAssignment(db, actor, params.questionId ?? '', body.annotators) }),
  }),
];
