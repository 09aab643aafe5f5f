/** The suggestion policy and imports: the endpoints of shared/api/suggestionPolicy.ts. */
import { suggestionPolicy } from '../../../shared/api/suggestionPolicy';
import { routesOf } from '../../http/route';
import { setGlobalSuggestionPolicy } from '../../services/suggestions/policy';
import { setBatchSuggestionPolicy, suggestionImportsView, suggestionPolicyView } from '../../services/suggestions/policyPage';

export const suggestionPolicyRoutes = routesOf(suggestionPolicy, {
  get: ({ db }) => suggestionPolicyView(db),
  setGlobal: ({ db, actor, body }) => {
    setGlobalSuggestionPolicy(db, actor, body.policy);
    return suggestionPolicyView(db);
  },
  setBatch: ({ db, actor, params, body }) => setBatchSuggestionPolicy(db, actor, params.name, body.policy),
  imports: ({ db }) => suggestionImportsView(db),
});
