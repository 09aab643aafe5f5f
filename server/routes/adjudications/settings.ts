import { transaction } from '../../../db/database';
import { appendEvent } from '../../../db/events';
import { revealNamesBody } from '../../../shared/schemas/adjudication';
import { route } from '../../http/route';
import { revealNames, writeRevealNames } from '../../services/adjudications/store';

/** Blind adjudication by default: only a maintainer may reveal annotator names. */
export const adjudicationSettingRoutes = [
  route({
    method: 'get',
    path: '/api/settings/reveal-names',
    access: ['adjudicator', 'maintainer'],
    handle: ({ db }) => ({ revealNames: revealNames(db) }),
  }),
  route({
    method: 'put',
    path: '/api/settings/reveal-names',
    access: ['maintainer'],
    body: revealNamesBody,
    handle({ db, actor, body }) {
      transaction(db, () => {
        const before = revealNames(db);
        writeRevealNames(db, body.revealNames);
        appendEvent(db, actor, { action: 'settings.update', entityType: 'setting', entityId: 'reveal-names', before: { revealNames: before }, after: { revealNames: body.revealNames } });
      });
      return { revealNames: body.revealNames };
    },
  }),
];
