import { guidelines } from '../../../shared/api/guidelines';
import { routesOf } from '../../http/route';
import { presentGuidelines, presentGuidelinesVersion } from '../../presenters/guidelines';
import { getGuidelines, guidelinesNews, listGuidelinesVersions, markGuidelinesSeen, saveGuidelines } from '../../services/guidelines';

export const guidelineRoutes = routesOf(guidelines, {
  get: ({ db, query }) => presentGuidelines(getGuidelines(db, query.version)),
  versions: ({ db }) => listGuidelinesVersions(db).map(presentGuidelinesVersion),
  save: ({ db, actor, body }) => presentGuidelines(saveGuidelines(db, actor, body)),
  news: ({ db, user }) => guidelinesNews(db, user.id),
  seen: ({ db, user, body }) => markGuidelinesSeen(db, user.id, body.version),
});
