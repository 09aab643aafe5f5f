import { agreement } from '../../../shared/api/agreement';
import { route } from '../../http/route';
import { agreementPage } from '../../services/agreementCache';

export const agreementRoutes = [route(agreement.page, ({ db, query }) => agreementPage(db, query))];
