import { guidelines } from '../../../shared/api/guidelines';
import { route } from '../../http/route';
import { presentGuidelines, presentGuidelinesVersion } from '../../presenters/guidelines';
import { getGuidelines, guidelinesNews, listGuidelinesVersions, markGuidelinesSeen, saveGuidelines } from '../../services/guidelines';

export const guidelineRoutes = [
  route(guidelines.get, ({ db, query }) => presentGuidelines(getGuidelines(db, query.version))),
  route(guidelines.versions, ({ db }) => listGuidelinesVersions(db).map(presentGuidelinesVersion)),
  route(guidelines.save, ({ db, actor, body }) => presentGuidelines(saveGuidelines(db, actor, body))),
  route(guidelines.news, ({ db, user }) => guidelinesNews(db, user.id)),
  route(guidelines.seen, ({ db, user, body }) => markGuidelinesSeen(db, user.id, body.version)),
];
