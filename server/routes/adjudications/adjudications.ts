import { adjudications } from '../../../shared/api/adjudications';
import type { AnyEndpoint, ParamsOf } from '../../../shared/api/endpoint';
import { route, type Handler } from '../../http/route';
import { presentCase } from '../../presenters/adjudications';
import { refuseOwnWork } from '../../services/adjudications/caseFile';
import { acceptAgreement, reopenGold, resolveGold, saveGold } from '../../services/adjudications/gold';
import { putOverride, removeOverride } from '../../services/adjudications/overrides';
import { pairKeyerFor } from '../../services/adjudications/pairKeys';
import { listQueue } from '../../services/adjudications/queue';
import { returnToAnnotator } from '../../services/adjudications/returns';
import { caseState } from '../../services/adjudications/view';

/** One problem's case as the cross-check shows it (every state change answers with it). */
const view = (...args: Parameters<typeof caseState>) => presentCase(caseState(...args));

/** A route on one problem's case: nobody adjudicates a problem they annotated themselves (403). */
function caseRoute<E extends AnyEndpoint>(endpoint: E, handle: NoInfer<Handler<E>>) {
  return route(endpoint, (ctx) => {
    refuseOwnWork(ctx.db, ctx.user.id, (ctx.params as ParamsOf<typeof adjudications.get>).questionId);
    return handle(ctx);
  });
}

export const adjudicationRoutes = [
  route(adjudications.queue, ({ db, req, user, query }) => listQueue(db, query, pairKeyerFor(req), user.id)),
  caseRoute(adjudications.get, ({ db, params }) => view(db, params.questionId)),
  caseRoute(adjudications.save, ({ db, actor, params, body }) => {
    saveGold(db, actor, params.questionId, body);
    return view(db, params.questionId);
  }),
  caseRoute(adjudications.resolve, ({ db, actor, params, body }) => {
    resolveGold(db, actor, params.questionId, body.version);
    return view(db, params.questionId);
  }),
  caseRoute(adjudications.accept, ({ db, actor, params, body }) => {
    acceptAgreement(db, actor, params.questionId, body.version);
    return view(db, params.questionId);
  }),
  caseRoute(adjudications.returnToAnnotator, ({ db, actor, params, body }) => returnToAnnotator(db, actor, params.questionId, body.annotator, body.note)),
  caseRoute(adjudications.reopen, ({ db, actor, params, body }) => {
    reopenGold(db, actor, params.questionId, body.reason);
    return view(db, params.questionId);
  }),
  caseRoute(adjudications.putOverride, ({ db, actor, params, body }) => {
    putOverride(db, actor, params.questionId, params.subset, body);
    return view(db, params.questionId);
  }),
  caseRoute(adjudications.removeOverride, ({ db, actor, params, query }) => {
    removeOverride(db, actor, params.questionId, params.subset, query.version);
    return view(db, params.questionId);
  }),
];
