/** Human audits of a run's judge: the endpoints of shared/api/judgeAudits.ts. */
import { judgeAudits } from '../../../shared/api/judgeAudits';
import { routesOf } from '../../http/route';
import { presentAuditItem, presentLabellingState } from '../../presenters/judgeAudits';
import { createAudit } from '../../services/judgeAudits/create';
import { labelItem, labellingQueue, labellingState, nextItem, unlabelItem } from '../../services/judgeAudits/label';
import { auditReport, listAudits } from '../../services/judgeAudits/report';

export const judgeAuditRoutes = routesOf(judgeAudits, {
  create: ({ db, actor, body }) => createAudit(db, actor, body),
  list: ({ db }) => listAudits(db),
  report: ({ db, params }) => auditReport(db, params.name),
  queue: ({ db, user }) => labellingQueue(db, user.id),
  next: ({ db, user, params, res }) => {
    const item = nextItem(db, params.name, user.id);
    // Nothing left for the caller: 204 and no body.
    if (!item) res.status(204).end();
    return item ? presentAuditItem(item) : undefined;
  },
  mine: ({ db, user, params }) => presentLabellingState(labellingState(db, params.name, user.id)),
  label: ({ db, actor, user, params, body }) => labelItem(db, actor, user.id, params.name, params.id, body.keyQuestion),
  unlabel: ({ db, actor, user, params }) => unlabelItem(db, actor, user.id, params.name, params.id),
});
