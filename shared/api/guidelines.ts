import { guidelinesQuery, saveGuidelinesBody, type GuidelinesVersionSummary, type GuidelinesView } from '../guidelines/view';
import { resource } from './endpoint';

export const guidelines = resource('guidelines', (endpoint) => ({
  /**
   * The guidelines for the annotation roles: the current version, or `?version=N`. Not for
   * pilots: they play the model, which is given the task and nothing of the taxonomy.
   */
  get: endpoint<GuidelinesView>()({ method: 'get', path: '/api/guidelines', access: ['annotator', 'adjudicator', 'maintainer'], query: guidelinesQuery }),
  /** Every saved version, newest first (who and when; the text through `get`). */
  versions: endpoint<GuidelinesVersionSummary[]>()({ method: 'get', path: '/api/guidelines/versions', access: ['annotator', 'adjudicator', 'maintainer'] }),
  /** A maintainer saves the team Markdown as the next version; 409 when the version edited is not the current one. */
  save: endpoint<GuidelinesView>()({ method: 'put', path: '/api/guidelines', access: ['maintainer'], body: saveGuidelinesBody }),
}));
