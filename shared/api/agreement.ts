import { agreementQuery, type AgreementPageView } from '../schemas/agreementPage';
import { resource, type FileResponse } from './endpoint';

export const agreement = resource('agreement', (endpoint) => ({
  page: endpoint<AgreementPageView>()({ method: 'get', path: '/api/agreement', access: ['maintainer'], query: agreementQuery }),
  /** The per-annotator-pair table as CSV, with the intervals. */
  pairsCsv: endpoint<FileResponse>()({ method: 'get', path: '/api/agreement/pairs.csv', access: ['maintainer'] }),
  /** The whole per-problem table as CSV, worst first. */
  problemsCsv: endpoint<FileResponse>()({ method: 'get', path: '/api/agreement/problems.csv', access: ['maintainer'] }),
}));
