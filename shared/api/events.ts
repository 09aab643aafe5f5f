import { eventsQuery, type EventPage } from '../schemas/events';
import { resource } from './endpoint';

export const events = resource('events', (endpoint) => ({
  list: endpoint<EventPage>()({ method: 'get', path: '/api/events', access: ['maintainer'], query: eventsQuery }),
}));
