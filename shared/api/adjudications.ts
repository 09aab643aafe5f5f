import { z } from 'zod';
import type { CaseView, QueueView } from '../adjudicationView';
import { overrideBody, queueQuery, reopenBody, returnBody, type ReturnedAnnotation, revealNamesBody, saveGoldBody, versionBody, versionQuery } from '../schemas/adjudication';
import { resource, type QueryOf } from './endpoint';
import { questionIdParam } from './params';

// Adjudication sees both annotators' work, so annotators get 403 on every endpoint here.
const ADJUDICATORS = ['adjudicator', 'maintainer'] as const;
const MAINTAINERS = ['maintainer'] as const;
const oneCase = z.object({ questionId: questionIdParam });
const oneOverride = z.object({ questionId: questionIdParam, subset: z.string().min(1).max(32) });

export interface RevealNames {
  revealNames: boolean;
}

export const adjudications = resource('adjudications', (endpoint) => ({
  queue: endpoint<QueueView>()({ method: 'get', path: '/api/adjudications', access: ADJUDICATORS, query: queueQuery }),
  get: endpoint<CaseView>()({ method: 'get', path: '/api/adjudications/:questionId', access: ADJUDICATORS, params: oneCase }),
  save: endpoint<CaseView>()({ method: 'put', path: '/api/adjudications/:questionId', access: ADJUDICATORS, params: oneCase, body: saveGoldBody, draft: true }),
  resolve: endpoint<CaseView>()({ method: 'post', path: '/api/adjudications/:questionId/resolve', access: ADJUDICATORS, params: oneCase, body: versionBody }),
  accept: endpoint<CaseView>()({ method: 'post', path: '/api/adjudications/:questionId/accept', access: ADJUDICATORS, params: oneCase, body: versionBody }),
  /** Send one side back to its annotator with a note; the case leaves the queue until it is submitted again. */
  returnToAnnotator: endpoint<ReturnedAnnotation>()({ method: 'post', path: '/api/adjudications/:questionId/return', access: ADJUDICATORS, params: oneCase, body: returnBody }),
  reopen: endpoint<CaseView>()({ method: 'post', path: '/api/adjudications/:questionId/reopen', access: MAINTAINERS, params: oneCase, body: reopenBody }),
  putOverride: endpoint<CaseView>()({
    method: 'put',
    path: '/api/adjudications/:questionId/overrides/:subset',
    access: ADJUDICATORS,
    params: oneOverride,
    body: overrideBody,
  }),
  removeOverride: endpoint<CaseView>()({
    method: 'delete',
    path: '/api/adjudications/:questionId/overrides/:subset',
    access: ADJUDICATORS,
    params: oneOverride,
    query: versionQuery,
  }),
  /** Blind adjudication by default: only a maintainer may reveal annotator names. */
  revealNames: endpoint<RevealNames>()({ method: 'get', path: '/api/settings/reveal-names', access: ADJUDICATORS }),
  setRevealNames: endpoint<RevealNames>()({ method: 'put', path: '/api/settings/reveal-names', access: MAINTAINERS, body: revealNamesBody }),
}));

/** The adjudication queue's filters and page. */
export type AdjudicationQueueQuery = QueryOf<typeof adjudications.queue>;
