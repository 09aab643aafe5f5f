import { agreementQuery, type AgreementPageView } from '../schemas/agreementPage';
import { resource } from './endpoint';

export const agreement = resource('agreement', (endpoint) => ({
  page: endpoint<AgreementPageView>()({ method: 'get', path: '/api/agreement', access: ['maintainer'], query: agreementQuery }),
}));
