import { releases } from '../../../shared/api/releases';
import { route } from '../../http/route';
import { diffStoredReleases } from '../../services/releases/releaseDiff';

/** Kept apart from /api/releases/:name so the two never shadow each other. */
export const releaseDiffRoutes = [route(releases.diff, ({ db, query }) => diffStoredReleases(db, query.old, query.new))];
