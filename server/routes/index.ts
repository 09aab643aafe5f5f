import type { API } from '../../shared/api';
import type { RouteDef } from '../http/route';
import { adjudicationRoutes } from './adjudications/adjudications';
import { agreementRoutes } from './agreement/agreement';
import { annotationRoutes } from './annotations/annotations';
import { assignmentRoutes } from './assignments/assignments';
import { authRoutes } from './auth/auth';
import { batchRoutes } from './batches/batches';
import { commentRoutes } from './comments/comments';
import { eventRoutes } from './events/events';
import { feedbackRoutes } from './feedback/feedback';
import { guidelineRoutes } from './guidelines/guidelines';
import { healthRoutes } from './health/health';
import { homeRoutes } from './home/home';
import { judgeAuditRoutes } from './judgeAudits/judgeAudits';
import { pilotCodeRoutes } from './pilotCode/pilotCode';
import { pilotRoutes } from './pilots/pilots';
import { problemRoutes } from './problems/problems';
import { releaseRoutes } from './releases/releases';
import { runRoutes } from './runs/runs';
import { suggestionJobRoutes } from './suggestionJobs/suggestionJobs';
import { suggestionPolicyRoutes } from './suggestionPolicy/suggestionPolicy';
import { userRoutes } from './users/users';

/**
 * The routes of each resource of shared/api/, from its folder server/routes/<resource>/: a
 * resource without its routes does not compile, as an endpoint without its handler does not
 * (routesOf in server/http/route.ts).
 */
const routesByResource: { readonly [R in keyof typeof API]: readonly RouteDef[] } = {
  auth: authRoutes,
  adjudications: adjudicationRoutes,
  events: eventRoutes,
  releases: releaseRoutes,
  agreement: agreementRoutes,
  annotations: annotationRoutes,
  problems: problemRoutes,
  comments: commentRoutes,
  users: userRoutes,
  assignments: assignmentRoutes,
  batches: batchRoutes,
  health: healthRoutes,
  home: homeRoutes,
  runs: runRoutes,
  pilots: pilotRoutes,
  pilotCode: pilotCodeRoutes,
  suggestionJobs: suggestionJobRoutes,
  suggestionPolicy: suggestionPolicyRoutes,
  guidelines: guidelineRoutes,
  feedback: feedbackRoutes,
  judgeAudits: judgeAuditRoutes,
};

/** Every API route of the server; the authorization matrix test enumerates this list. */
export const allRoutes: RouteDef[] = Object.values(routesByResource).flat();
