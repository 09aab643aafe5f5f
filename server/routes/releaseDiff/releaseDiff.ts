import { z } from 'zod';
import { releaseName } from '../../../shared/schemas/release';
import { route } from '../../http/route';
import { diffStoredReleases } from '../../services/releases/releaseDiff';

const releaseDiffQuery = z.object({ old: releaseName, new: releaseName });

/** Kept apart from /api/releases/:name so the two never shadow each other. */
export const releaseDiffRoutes = [
  route({
    method: 'get',
    path: '/api/release-diff',
    access: ['maintainer'],
    query: releaseDiffQuery,
    handle: ({ db, query }) => diffStoredReleases(db, query.old, query.new),
  }),
];
