import { z } from 'zod';
import { batchPolicyBody, globalPolicyBody, type SuggestionImportsView, type SuggestionPolicyView } from '../suggestions/policyView';
import { resource } from './endpoint';

const MAINTAINERS = ['maintainer'] as const;
const oneBatch = z.object({ name: z.string().min(1).max(64) });

/** Who is shown model suggestions (globally and per batch), and what suggestions were imported: maintainers only. */
export const suggestionPolicy = resource('suggestionPolicy', (endpoint) => ({
  /** The global policy and each batch's, what each covers, and a warning where a policy shows suggestions that do not exist. */
  get: endpoint<SuggestionPolicyView>()({ method: 'get', path: '/api/suggestion-policy', access: MAINTAINERS }),
  setGlobal: endpoint<SuggestionPolicyView>()({ method: 'put', path: '/api/suggestion-policy', access: MAINTAINERS, body: globalPolicyBody }),
  /** One batch's own policy, or null to follow the global one. */
  setBatch: endpoint<SuggestionPolicyView>()({ method: 'put', path: '/api/suggestion-policy/batches/:name', access: MAINTAINERS, params: oneBatch, body: batchPolicyBody, invalidates: ['batches'] }),
  /** The suggestion imports (when, by whom, how many) and the suggestions stored per agent and source. */
  imports: endpoint<SuggestionImportsView>()({ method: 'get', path: '/api/suggestion-imports', access: MAINTAINERS }),
}));
