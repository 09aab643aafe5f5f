import { home } from '../../../shared/api/home';
import { routesOf } from '../../http/route';
import { homeView } from '../../services/home';

export const homeRoutes = routesOf(home, { get: ({ db }) => homeView(db) });
