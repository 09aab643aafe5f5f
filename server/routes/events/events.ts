import { events } from '../../../shared/api/events';
import { routesOf } from '../../http/route';
import { presentEventPage } from '../../presenters/events';
import { listEvents } from '../../services/events';

export const eventRoutes = routesOf(events, { list: ({ db, query }) => presentEventPage(listEvents(db, query)) });
