import { transaction, type DB } from '../../db/database';
import { appendEvent, type Actor } from '../../db/events';
import { revealNames, writeRevealNames } from './adjudications/store';

/** Blind adjudication by default: whether annotator names are shown to adjudicators. */
export function revealNamesSetting(db: DB): { revealNames: boolean } {
  return { revealNames: revealNames(db) };
}

/** A maintainer reveals or hides annotator names; one transaction with its event. */
export function setRevealNames(db: DB, actor: Actor, value: boolean): { revealNames: boolean } {
  transaction(db, () => {
    const before = revealNames(db);
    writeRevealNames(db, value);
    appendEvent(db, actor, { action: 'settings.update', entityType: 'setting', entityId: 'reveal-names', before: { revealNames: before }, after: { revealNames: value } });
  });
  return { revealNames: value };
}
