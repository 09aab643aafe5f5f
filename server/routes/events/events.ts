import { events } from '../../../shared/api/events';
import { route } from '../../http/route';
import { listEvents } from '../../services/events';

export const eventRoutes = [route(events.list, ({ db, query }) => listEvents(db, query))];
