import type { RouteDef } from '../http/route';
import { authRoutes } from './auth/auth';
import { adjudicationRoutes } from './adjudications/adjudications';
import { adjudicationSettingRoutes } from './adjudications/settings';
import { agreementRoutes } from './agreement/agreement';
import { eventRoutes } from './events/events';
import { releaseRoutes } from './releases/releases';
import { releaseDiffRoutes } from './releaseDiff/releaseDiff';
import { annotationRoutes } from './annotations/annotations';
import { problemRoutes } from './problems/problems';
import { problemCommentRoutes } from './problems/comments';
import { commentRoutes } from './comments/comments';
import { userRoutes } from './users/users';
import { assignmentRoutes } from './assignments/assignments';
import { batchRoutes } from './batches/batches';
import { healthRoutes } from './health/health';
import { homeRoutes } from './home/home';
import { runRoutes } from './runs/runs';
import { pilotRoutes } from './pilots/pilots';
import { pilotCodeRoutes } from './pilotCode/pilotCode';
import { suggestionJobRoutes } from './suggestionJobs/suggestionJobs';
import { suggestionPolicyRoutes } from './suggestionPolicy/suggestionPolicy';
import { guidelineRoutes } from './guidelines/guidelines';
import { feedbackRoutes } from './feedback/feedback';
import { judgeAuditRoutes } from './judgeAudits/judgeAudits';

/**
 * Every API route of the server. Each resource folder exports its route definitions;
 * the authorization matrix test enumerates this list.
 */
export const allRoutes: RouteDef[] = [
  ...authRoutes,
  ...adjudicationRoutes,
  ...adjudicationSettingRoutes,
  ...eventRoutes,
  ...releaseRoutes,
  ...releaseDiffRoutes,
  ...agreementRoutes,
  ...annotationRoutes,
  ...problemRoutes,
  ...problemCommentRoutes,
  ...commentRoutes,
  ...userRoutes,
  ...assignmentRoutes,
  ...batchRoutes,
  ...healthRoutes,
  ...homeRoutes,
  ...runRoutes,
  ...pilotRoutes,
  ...pilotCodeRoutes,
  ...suggestionJobRoutes,
  ...suggestionPolicyRoutes,
  ...guidelineRoutes,
  ...feedbackRoutes,
  ...judgeAuditRoutes,
];
