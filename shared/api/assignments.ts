import { z } from 'zod';
import type { QueueItem } from '../schemas/annotation';
import { autoAssignBody, autoAssignPreviewQuery, setAssignmentBody, type AnnotatorWorkload, type AutoAssignPreview, type AutoAssignResult } from '../schemas/backoffice';
import { resource } from './endpoint';
import { questionIdParam } from './params';

export interface AssignmentSet {
  questionId: string;
  annotators: string[];
}

export const assignments = resource('assignments', (endpoint) => ({
  /** The annotator's own queue: their assignments with their annotation's state. */
  queue: endpoint<QueueItem[]>()({ method: 'get', path: '/api/assignments', access: ['annotator'] }),
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
