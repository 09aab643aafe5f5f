import { events } from '../../../shared/api/events';
import { route } from '../../http/route';
import { presentEventPage } from '../../presenters/events';
import { listEvents } from '../../services/events';

export const eventRoutes = [route(events.list, ({ db, query }) => presentEventPage(listEvents(db, query)))];
