import type { DB } from '../db/database';
import type { ServerConfig } from './config';
import { demoAccountStates, isEmpty, seedDemo, type DemoAccountState } from './seed';
import { recordServing, sharedReason } from './services/sharedServing';
import { markStoppedJobs } from './services/suggestions/interrupted';
import { removeStagedRuns } from './services/runs/importRun';

/** The server must not start: the message says why and how to fix it. */
export class StartRefused extends Error {}

const FIRST_MAINTAINER = 'npm run cli -- users add NAME --role maintainer';

/**
 * Prepare the database for serving: record whether it is served shared (a non-loopback HOST or
 * TRUST_PROXY set: the users service then refuses demo passwords), seed the demo into an empty
 * database unless CCB_DEMO=off, mark the suggestion jobs whose process stopped as interrupted, and refuse a shared server while any active account still has
 * its published demo password. Returns the demo accounts for the banner.
 */
export async function prepareDatabase(
  db: DB,
  config: Pick<ServerConfig, 'host' | 'demo'> & Partial<Pick<ServerConfig, 'trustProxy'>>,
  say: (line: string) => void,
): Promise<DemoAccountState[]> {
  const shared = sharedReason(config);
  recordServing(db, shared);
  if (isEmpty(db) && config.demo) {
    if (shared) {
      throw new StartRefused(
        `Refusing to seed the demo on ${shared}: its accounts have published passwords and this server is reachable from other machines.\n` +
          `Start with CCB_DEMO=off for an empty database, then create the first maintainer with \`${FIRST_MAINTAINER}\`.`,
      );
    }
    say('First start: seeding the demo from data/ …');
    await seedDemo(db);
  }
  const stopped = markStoppedJobs(db, new Date().toISOString());
  if (stopped.length > 0) {
    say(`Suggestion job${stopped.length === 1 ? '' : 's'} ${stopped.join(', ')} stopped with the process running ${stopped.length === 1 ? 'it' : 'them'}: marked interrupted (start a job over the same problems again to finish).`);
  }
  const staged = removeStagedRuns(db);
  if (staged > 0) say(`Removed ${staged} run import${staged === 1 ? '' : 's'} left unfinished by a stopped process (never shown; import the file again).`);
  const demo = await demoAccountStates(db);
  const exposed = demo.filter((a) => a.demoPassword !== null).map((a) => a.username);
  if (shared && exposed.length > 0) {
    throw new StartRefused(
      `Refusing to serve on ${shared}: these accounts still have the demo's published password: ${exposed.join(', ')}.\n` +
        'Give each a new password (`npm run cli -- users password NAME`) or deactivate it on the Users page ' +
        '(start on HOST=127.0.0.1 without TRUST_PROXY to do that), or start on a new database with CCB_DEMO=off.',
    );
  }
  return demo;
}

/** The start-up banner's account lines: a demo password only while it is still the password. */
export function bannerLines(db: DB, demo: DemoAccountState[]): string[] {
  if (isEmpty(db)) return ['No accounts yet. Create the first maintainer:', `  ${FIRST_MAINTAINER}`];
  if (demo.length === 0) return [];
  return [
    'Demo accounts (username / password / role):',
    ...demo.map((a) => `  ${a.username.padEnd(8)} ${(a.demoPassword ?? '(changed)').padEnd(18)} ${a.role}`),
  ];
}
