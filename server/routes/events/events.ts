import { eventsQuery } from '../../../shared/schemas/events';
import { route } from '../../http/route';
import { listEvents } from '../../services/events';

export const eventRoutes = [
  route({
    method: 'get',
    path: '/api/events',
    access: ['maintainer'],
    query: eventsQuery,
    handle: ({ db, query }) => listEvents(db, query),
  }),
];
