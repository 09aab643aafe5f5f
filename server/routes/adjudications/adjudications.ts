import { adjudications } from '../../../shared/api/adjudications';
import type { ParamsOf } from '../../../shared/api/endpoint';
import { routesOf, type Handler } from '../../http/route';
import { presentCase } from '../../presenters/adjudications';
import { refuseOwnWork } from '../../services/adjudications/caseFile';
import { acceptAgreement, reopenGold, resolveGold, saveGold } from '../../services/adjudications/gold';
import { putOverride, removeOverride } from '../../services/adjudications/overrides';
import { pairKeyerFor } from '../../services/adjudications/pairKeys';
import { listQueue } from '../../services/adjudications/queue';
import { returnToAnnotator } from '../../services/adjudications/returns';
import { caseState } from '../../services/adjudications/view';
import { revealNamesSetting, setRevealNames } from '../../services/settings';

/** One problem's case as the cross-check shows it (every state change answers with it). */
const view = (...args: Parameters<typeof caseState>) => presentCase(caseState(...args));

/** A handler on one problem's case: nobody adjudicates a problem they annotated themselves (403). */
function onCase<E>(handle: Handler<E>): Handler<E> {
  return (ctx) => {
    refuseOwnWork(ctx.db, ctx.user.id, (ctx.params as ParamsOf<typeof adjudications.get>).questionId);
    return handle(ctx);
  };
}

export const adjudicationRoutes = routesOf(adjudications, {
  queue: ({ db, req, user, query }) => listQueue(db, query, pairKeyerFor(req), user.id),
  get: onCase(({ db, params }) => view(db, params.questionId)),
  save: onCase(({ db, actor, params, body }) => {
    saveGold(db, actor, params.questionId, body);
    return view(db, params.questionId);
  }),
  resolve: onCase(({ db, actor, params, body }) => {
    resolveGold(db, actor, params.questionId, body.version);
    return view(db, params.questionId);
  }),
  accept: onCase(({ db, actor, params, body }) => {
    acceptAgreement(db, actor, params.questionId, body.version);
    return view(db, params.questionId);
  }),
  returnToAnnotator: onCase(({ db, actor, params, body }) => returnToAnnotator(db, actor, params.questionId, body.annotator, body.note)),
  reopen: onCase(({ db, actor, params, body }) => {
    reopenGold(db, actor, params.questionId, body.reason);
    return view(db, params.questionId);
  }),
  putOverride: onCase(({ db, actor, params, body }) => {
    putOverride(db, actor, params.questionId, params.subset, body);
    return view(db, params.questionId);
  }),
  removeOverride: onCase(({ db, actor, params, query }) => {
    removeOverride(db, actor, params.questionId, params.subset, query.version);
    return view(db, params.questionId);
  }),
  // Whether adjudicators see the annotators' names (/api/settings/reveal-names).
  revealNames: ({ db }) => revealNamesSetting(db),
  setRevealNames: ({ db, actor, body }) => setRevealNames(db, actor, body.revealNames),
});
