import { guidelinesQuery, guidelinesSeenBody, saveGuidelinesBody, type GuidelinesNews, type GuidelinesVersionSummary, type GuidelinesView } from '../guidelines/view';
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
  /** An annotator's "guidelines changed since your last visit": the current version against the one they last opened. */
  news: endpoint<GuidelinesNews>()({ method: 'get', path: '/api/guidelines/news', access: ['annotator'] }),
  /** An annotator opened the Guidelines page at this version: the news is cleared. */
  seen: endpoint<GuidelinesNews>()({ method: 'put', path: '/api/guidelines/seen', access: ['annotator'], body: guidelinesSeenBody }),
}));
