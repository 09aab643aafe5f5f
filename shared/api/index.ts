import type { AnyEndpoint } from './endpoint';
import { adjudications } from './adjudications';
import { agreement } from './agreement';
import { annotations } from './annotations';
import { assignments } from './assignments';
import { auth } from './auth';
import { batches } from './batches';
import { comments } from './comments';
import { events } from './events';
import { feedback } from './feedback';
import { guidelines } from './guidelines';
import { health } from './health';
import { home } from './home';
import { judgeAudits } from './judgeAudits';
import { pilots } from './pilots';
import { pilotCode } from './pilotCode';
import { problems } from './problems';
import { releases } from './releases';
import { runs } from './runs';
import { suggestionJobs } from './suggestionJobs';
import { suggestionPolicy } from './suggestionPolicy';
import { users } from './users';

/** Every resource of the API, each a file of shared/api/. */
export const API = { adjudications, agreement, annotations, assignments, auth, batches, comments, events, feedback, guidelines, health, home, judgeAudits, pilots, pilotCode, problems, releases, runs, suggestionJobs, suggestionPolicy, users } as const;

/** Every declared endpoint: the server mounts exactly these (test/api/contract.test.ts). */
export const ALL_ENDPOINTS: readonly AnyEndpoint[] = Object.values(API).flatMap((r) => Object.values(r) as AnyEndpoint[]);
