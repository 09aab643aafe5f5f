import { z } from 'zod';
import { startJobBody, type JobDetail, type JobsResponse } from '../suggestions/jobs';
import { resource } from './endpoint';

const MAINTAINERS = ['maintainer'] as const;
const oneJob = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive whole number')
    .transform(Number),
});

/** Generating suggestions with a chat model: maintainers start jobs and watch them. */
export const suggestionJobs = resource('suggestionJobs', (endpoint) => ({
  /** Start a job over the named problems (202: it runs in the background). */
  start: endpoint<JobDetail>()({ method: 'post', path: '/api/suggestion-jobs', access: MAINTAINERS, body: startJobBody, status: 202 }),
  /** The latest jobs with their counts, and the configured agent. */
  list: endpoint<JobsResponse>()({ method: 'get', path: '/api/suggestion-jobs', access: MAINTAINERS }),
  /** One job: counts and every problem's outcome so far (the progress view polls it). */
  job: endpoint<JobDetail>()({ method: 'get', path: '/api/suggestion-jobs/:id', access: MAINTAINERS, params: oneJob }),
}));
