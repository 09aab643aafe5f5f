import { route } from '../../http/route';
import { agreementQuery } from '../../../shared/schemas/agreementPage';
import { agreementPage } from '../../services/agreementCache';

export const agreementRoutes = [
  route({
    method: 'get',
    path: '/api/agreement',
    access: ['maintainer'],
    query: agreementQuery,
    handle: ({ db, query }) => agreementPage(db, query),
  }),
];
