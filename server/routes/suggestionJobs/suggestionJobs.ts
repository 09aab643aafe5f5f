/** Suggestion jobs: the endpoints of shared/api/suggestionJobs.ts. */
import { suggestionJobs } from '../../../shared/api/suggestionJobs';
import { routesOf } from '../../http/route';
import { jobDetail, listSuggestionJobs, startSuggestionJob } from '../../services/suggestions/jobs';

export const suggestionJobRoutes = routesOf(suggestionJobs, {
  start: ({ db, actor, body }) => startSuggestionJob(db, actor, body.questionIds),
  list: ({ db }) => listSuggestionJobs(db),
  job: ({ db, params }) => jobDetail(db, params.id),
});
