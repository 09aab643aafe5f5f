/**
 * Whether other people reach this server: a non-loopback HOST, or TRUST_PROXY set (a proxy in
 * front). The server records it in the database at every start, so the users service — in the
 * server and in the CLI on the same database — refuses the demo's published passwords there.
 */
import type { DB } from '../../db/database';
import { readSetting, writeSetting } from '../../db/settings';
import { isLoopbackHost, type ServerConfig } from '../config';
import { isDemoPassword } from '../domain/demoAccounts';
import { validationFailed } from '../domain/errors';

const SHARED_KEY = 'serving.shared';

/** Why a server with these settings is shared ("HOST=0.0.0.0", "TRUST_PROXY=1"), or null when only this machine reaches it. */
export function sharedReason(config: Pick<ServerConfig, 'host'> & Partial<Pick<ServerConfig, 'trustProxy'>>): string | null {
  if (!isLoopbackHost(config.host)) return `HOST=${config.host}`;
  if (config.trustProxy !== undefined && config.trustProxy !== false) return `TRUST_PROXY=${config.trustProxy}`;
  return null;
}

/** At start: record how the database is served (a loopback start clears the record). */
export function recordServing(db: DB, reason: string | null): void {
  writeSetting(db, SHARED_KEY, reason ?? '');
}

/** The reason the database was last served shared, or null. */
export function servedShared(db: DB): string | null {
  return readSetting(db, SHARED_KEY) || null;
}

/** A published demo password is refused on a shared server, with the reason. */
export function refuseDemoPassword(db: DB, password: string | undefined): void {
  if (password === undefined || !isDemoPassword(password)) return;
  const reason = servedShared(db);
  if (reason === null) return;
  throw validationFailed([
    { path: 'password', message: `this is one of the demo's published passwords, and this server is shared (${reason}: other machines reach it); choose another` },
  ]);
}
