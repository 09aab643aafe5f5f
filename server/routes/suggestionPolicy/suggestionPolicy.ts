/** The suggestion policy and imports: the endpoints of shared/api/suggestionPolicy.ts. */
import { suggestionPolicy } from '../../../shared/api/suggestionPolicy';
import { route } from '../../http/route';
import { setGlobalSuggestionPolicy } from '../../services/suggestions/policy';
import { setBatchSuggestionPolicy, suggestionImportsView, suggestionPolicyView } from '../../services/suggestions/policyPage';

export const suggestionPolicyRoutes = [
  route(suggestionPolicy.get, ({ db }) => suggestionPolicyView(db)),
  route(suggestionPolicy.setGlobal, ({ db, actor, body }) => {
    setGlobalSuggestionPolicy(db, actor, body.policy);
    return suggestionPolicyView(db);
  }),
  route(suggestionPolicy.setBatch, ({ db, actor, params, body }) => setBatchSuggestionPolicy(db, actor, params.name, body.policy)),
  route(suggestionPolicy.imports, ({ db }) => suggestionImportsView(db)),
];
