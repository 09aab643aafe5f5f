import { home } from '../../../shared/api/home';
import { route } from '../../http/route';
import { homeView } from '../../services/home';

export const homeRoutes = [route(home.get, ({ db }) => homeView(db))];
