/** Suggestion jobs: the endpoints of shared/api/suggestionJobs.ts. */
import { suggestionJobs } from '../../../shared/api/suggestionJobs';
import { routesOf } from '../../http/route';
import { presentJobDetail, presentJobs } from '../../presenters/suggestionJobs';
import { jobDetail, listSuggestionJobs, startSuggestionJob } from '../../services/suggestions/jobs';

export const suggestionJobRoutes = routesOf(suggestionJobs, {
  start: ({ db, actor, body }) => presentJobDetail(startSuggestionJob(db, actor, body.questionIds)),
  list: ({ db }) => presentJobs(listSuggestionJobs(db)),
  job: ({ db, params }) => presentJobDetail(jobDetail(db, params.id)),
});
