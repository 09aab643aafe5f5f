import { revealNamesBody } from '../../../shared/schemas/adjudication';
import { route } from '../../http/route';
import { revealNamesSetting, setRevealNames } from '../../services/settings';

/** Blind adjudication by default: only a maintainer may reveal annotator names. */
export const adjudicationSettingRoutes = [
  route({
    method: 'get',
    path: '/api/settings/reveal-names',
    access: ['adjudicator', 'maintainer'],
    handle: ({ db }) => revealNamesSetting(db),
  }),
  route({
    method: 'put',
    path: '/api/settings/reveal-names',
    access: ['maintainer'],
    body: revealNamesBody,
    handle: ({ db, actor, body }) => setRevealNames(db, actor, body.revealNames),
  }),
];
