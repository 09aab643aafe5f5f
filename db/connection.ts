import { SERVER_BUSY_TIMEOUT_MS, type DB } from './database';

/** The server's short lock wait (see SERVER_BUSY_TIMEOUT_MS): the rest of the waiting is asynchronous. */
export function useServerBusyTimeout(db: DB): void {
  db.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
}

/** Fold the write-ahead log into the file and stop using one: the file alone is the whole database (a backup). */
export function makeSelfContained(db: DB): void {
  db.pragma('journal_mode = DELETE');
}
