import { z } from 'zod';
import type { QueueItem } from '../schemas/annotation';
import { autoAssignBody, autoAssignPreviewQuery, setAssignmentBody, type AnnotatorWorkload, type AutoAssignPreview, type AutoAssignResult } from '../schemas/backoffice';
import { resource, type BodyOf } from './endpoint';
import { skipBody, type SkipState } from '../schemas/annotation';
import { questionIdParam } from './params';

export interface AssignmentSet {
  questionId: string;
  annotators: string[];
}

export const assignments = resource('assignments', (endpoint) => ({
  /** The annotator's own queue: their assignments with their annotation's state. */
  queue: endpoint<QueueItem[]>()({ method: 'get', path: '/api/assignments', access: ['annotator'] }),
  /** The assigned annotator skips a problem (a broken statement) with a reason; maintainers see it and can reassign. */
  skip: endpoint<SkipState>()({ method: 'post', path: '/api/assignments/:questionId/skip', access: ['annotator'], params: z.object({ questionId: questionIdParam }), body: skipBody, invalidates: ['problems'] }),
  /** The annotator takes their skip back. */
  unskip: endpoint<SkipState>()({ method: 'delete', path: '/api/assignments/:questionId/skip', access: ['annotator'], params: z.object({ questionId: questionIdParam }), invalidates: ['problems'] }),
  overview: endpoint<AnnotatorWorkload[]>()({ method: 'get', path: '/api/assignments/overview', access: ['maintainer'] }),
  /** What `auto` would do now, and to whom: nothing is written (the confirmation before auto-assigning). */
  autoPreview: endpoint<AutoAssignPreview>()({ method: 'get', path: '/api/assignments/auto/preview', access: ['maintainer'], query: autoAssignPreviewQuery }),
  auto: endpoint<AutoAssignResult>()({ method: 'post', path: '/api/assignments/auto', access: ['maintainer'], body: autoAssignBody, invalidates: ['problems'] }),
  set: endpoint<AssignmentSet>()({
    method: 'put',
    path: '/api/assignments/:questionId',
    access: ['maintainer'],
    params: z.object({ questionId: questionIdParam }),
    body: setAssignmentBody,
    invalidates: ['problems'],
  }),
}));

/** Auto-assignment's one option (the preview's query decodes to the same): whether problems with resolved gold get annotators too. */
export type AutoAssignRequest = BodyOf<typeof assignments.auto>;
