import { overrideBody, queueQuery, reopenBody, saveGoldBody, versionBody, versionQuery } from '../../../shared/schemas/adjudication';
import { route, type RouteDef, type UserContext } from '../../http/route';
import { refuseOwnWork } from '../../services/adjudications/caseFile';
import { acceptAgreement, reopenGold, resolveGold, saveGold } from '../../services/adjudications/gold';
import { putOverride, removeOverride } from '../../services/adjudications/overrides';
import { pairKeyerFor } from '../../services/adjudications/pairKeys';
import { listQueue } from '../../services/adjudications/queue';
import { caseView as view } from '../../services/adjudications/view';

// Adjudication sees both annotators' work, so annotators get 403 on every route here.
const ADJUDICATORS = ['adjudicator', 'maintainer'] as const;
const MAINTAINERS = ['maintainer'] as const;

/** A route on one problem's case: nobody adjudicates a problem they annotated themselves (403). */
function caseRoute<B, Q>(def: RouteDef<B, Q>): RouteDef {
  return route<B, Q>({
    ...def,
    handle: (ctx: UserContext<B, Q>) => {
      refuseOwnWork(ctx.db, ctx.user.id, ctx.params.questionId ?? '');
      return def.handle(ctx);
    },
  });
}

export const adjudicationRoutes = [
  route({
    method: 'get',
    path: '/api/adjudications',
    access: ADJUDICATORS,
    query: queueQuery,
    handle: ({ db, req, user, query }) => listQueue(db, query, pairKeyerFor(req), user.id),
  }),
  caseRoute({
    method: 'get',
    path: '/api/adjudications/:questionId',
    access: ADJUDICATORS,
    handle: ({ db, params }) => view(db, params.questionId ?? ''),
  }),
  caseRoute({
    method: 'put',
    path: '/api/adjudications/:questionId',
    access: ADJUDICATORS,
    body: saveGoldBody,
    handle({ db, actor, params, body }) {
      saveGold(db, actor, params.questionId ?? '', body);
      return view(db, params.questionId ?? '');
    },
  }),
  caseRoute({
    method: 'post',
    path: '/api/adjudications/:questionId/resolve',
    access: ADJUDICATORS,
    body: versionBody,
    handle({ db, actor, params, body }) {
      resolveGold(db, actor, params.questionId ?? '', body.version);
      return view(db, params.questionId ?? '');
    },
  }),
  caseRoute({
    method: 'post',
    path: '/api/adjudications/:questionId/accept',
    access: ADJUDICATORS,
    body: versionBody,
    handle({ db, actor, params, body }) {
      acceptAgreement(db, actor, params.questionId ?? '', body.version);
      return view(db, params.questionId ?? '');
    },
  }),
  caseRoute({
    method: 'post',
    path: '/api/adjudications/:questionId/reopen',
    access: MAINTAINERS,
    body: reopenBody,
    handle({ db, actor, params, body }) {
      reopenGold(db, actor, params.questionId ?? '', body.reason);
      return view(db, params.questionId ?? '');
    },
  }),
  caseRoute({
    method: 'put',
    path: '/api/adjudications/:questionId/overrides/:subset',
    access: ADJUDICATORS,
    body: overrideBody,
    handle({ db, actor, params, body }) {
      putOverride(db, actor, params.questionId ?? '', params.subset ?? '', body);
      return view(db, params.questionId ?? '');
    },
  }),
  caseRoute({
    method: 'delete',
    path: '/api/adjudications/:questionId/overrides/:subset',
    access: ADJUDICATORS,
    query: versionQuery,
    handle({ db, actor, params, query }) {
      removeOverride(db, actor, params.questionId ?? '', params.subset ?? '', query.version);
      return view(db, params.questionId ?? '');
    },
  }),
];
