import { guidelines } from '../../../shared/api/guidelines';
import { route } from '../../http/route';
import { presentGuidelines, presentGuidelinesVersion } from '../../presenters/guidelines';
import { getGuidelines, listGuidelinesVersions, saveGuidelines } from '../../services/guidelines';

export const guidelineRoutes = [
  route(guidelines.get, ({ db, query }) => presentGuidelines(getGuidelines(db, query.version))),
  route(guidelines.versions, ({ db }) => listGuidelinesVersions(db).map(presentGuidelinesVersion)),
  route(guidelines.save, ({ db, actor, body }) => presentGuidelines(saveGuidelines(db, actor, body))),
];
