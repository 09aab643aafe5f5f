import { z } from 'zod';
import { saveAnnotationBody, submitBody, type AnnotationView, type SavedDraft } from '../schemas/annotation';
import type { AnnotationImportSummary } from '../schemas/annotationImport';
import { resource } from './endpoint';
import { questionIdParam, uploadQuery } from './params';

// The routes under :questionId are the annotator's own workspace: other roles get 403, and
// every lookup is scoped to the caller's assignments (404 for anything else).
const ANNOTATOR = ['annotator'] as const;
const own = z.object({ questionId: questionIdParam });

export const annotations = resource('annotations', (endpoint) => ({
  /** A maintainer's upload of external double annotations (declared before the :questionId routes). */
  import: endpoint<AnnotationImportSummary>()({ method: 'post', path: '/api/annotations/import', access: ['maintainer'], upload: true, query: uploadQuery }),
  get: endpoint<AnnotationView>()({ method: 'get', path: '/api/annotations/:questionId', access: ANNOTATOR, params: own }),
  save: endpoint<SavedDraft>()({ method: 'put', path: '/api/annotations/:questionId', access: ANNOTATOR, params: own, body: saveAnnotationBody, draft: true }),
  submit: endpoint<AnnotationView>()({ method: 'post', path: '/api/annotations/:questionId/submit', access: ANNOTATOR, params: own, body: submitBody }),
}));
