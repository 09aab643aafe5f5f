/** Suggestion jobs: the endpoints of shared/api/suggestionJobs.ts. */
import { suggestionJobs } from '../../../shared/api/suggestionJobs';
import { route } from '../../http/route';
import { jobDetail, listSuggestionJobs, startSuggestionJob } from '../../services/suggestions/jobs';

export const suggestionJobRoutes = [
  route(suggestionJobs.start, ({ db, actor, body }) => startSuggestionJob(db, actor, body.questionIds)),
  route(suggestionJobs.list, ({ db }) => listSuggestionJobs(db)),
  route(suggestionJobs.job, ({ db, params }) => jobDetail(db, params.id)),
];
