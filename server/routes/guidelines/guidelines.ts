import { guidelines } from '../../../shared/api/guidelines';
import { route } from '../../http/route';
import { getGuidelines, listGuidelinesVersions, saveGuidelines } from '../../services/guidelines';

export const guidelineRoutes = [
  route(guidelines.get, ({ db, query }) => getGuidelines(db, query.version)),
  route(guidelines.versions, ({ db }) => listGuidelinesVersions(db)),
  route(guidelines.save, ({ db, actor, body }) => saveGuidelines(db, actor, body)),
];
