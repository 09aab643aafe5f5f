/** Human audits of a run's judge: the endpoints of shared/api/judgeAudits.ts. */
import { judgeAudits } from '../../../shared/api/judgeAudits';
import { route } from '../../http/route';
import { createAudit } from '../../services/judgeAudits/create';
import { labelItem, labellingQueue, labellingState, nextItem, unlabelItem } from '../../services/judgeAudits/label';
import { auditReport, listAudits } from '../../services/judgeAudits/report';

export const judgeAuditRoutes = [
  route(judgeAudits.create, ({ db, actor, body }) => createAudit(db, actor, body)),
  route(judgeAudits.list, ({ db }) => listAudits(db)),
  route(judgeAudits.report, ({ db, params }) => auditReport(db, params.name)),
  route(judgeAudits.queue, ({ db, user }) => labellingQueue(db, user.id)),
  route(judgeAudits.next, ({ db, user, params, res }) => {
    const item = nextItem(db, params.name, user.id);
    // Nothing left for the caller: 204 and no body.
    if (!item) res.status(204).end();
    return item ?? undefined;
  }),
  route(judgeAudits.mine, ({ db, user, params }) => labellingState(db, params.name, user.id)),
  route(judgeAudits.label, ({ db, actor, user, params, body }) => labelItem(db, actor, user.id, params.name, params.id, body.keyQuestion)),
  route(judgeAudits.unlabel, ({ db, actor, user, params }) => unlabelItem(db, actor, user.id, params.name, params.id)),
];
