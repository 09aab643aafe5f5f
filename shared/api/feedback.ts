import { z } from 'zod';
import type { FeedbackView, MyAgreementView } from '../feedback/view';
import { resource } from './endpoint';
import { questionIdParam } from './params';

const ANNOTATOR = ['annotator'] as const;

export const feedback = resource('feedback', (endpoint) => ({
  /** The caller's own submission beside the gold: 404 for a problem they did not annotate, 403 until it is resolved. */
  get: endpoint<FeedbackView>()({ method: 'get', path: '/api/annotations/:questionId/feedback', access: ANNOTATOR, params: z.object({ questionId: questionIdParam }) }),
  /** The caller's agreement with the gold over the problems of theirs resolved so far. */
  myAgreement: endpoint<MyAgreementView>()({ method: 'get', path: '/api/my-agreement', access: ANNOTATOR }),
}));
