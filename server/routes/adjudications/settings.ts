import { adjudications } from '../../../shared/api/adjudications';
import { route } from '../../http/route';
import { revealNamesSetting, setRevealNames } from '../../services/settings';

export const adjudicationSettingRoutes = [
  route(adjudications.revealNames, ({ db }) => revealNamesSetting(db)),
  route(adjudications.setRevealNames, ({ db, actor, body }) => setRevealNames(db, actor, body.revealNames)),
];
