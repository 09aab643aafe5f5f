import { openDatabase } from '../db/database';
import { createApp } from './app';
import { ConfigError, readServerConfig } from './config';
import { startBackgroundCheckpoints } from '../db/checkpoints';
import { createLogger } from './http/logging';
import { removeStaleUploads } from './http/upload';
import { bannerLines, prepareDatabase, StartRefused } from './startup';
import { warmStudyVocabularies } from './services/pilots/studyVocabulary';
import { CodeSandbox } from './services/sandbox/sandbox';
import { readSandboxSettings } from './services/sandbox/settings';
import { selfTestSandbox } from './services/sandbox/selfTest';

async function main(): Promise<void> {
  const config = readServerConfig();
  const sandbox = new CodeSandbox(readSandboxSettings());
  const db = openDatabase(config.dbFile);
  let demo;
  try {
    demo = await prepareDatabase(db, config, (line) => console.log(line));
  } catch (err) {
    db.close();
    throw err;
  }
  const stale = removeStaleUploads();
  if (stale.length > 0) console.log(`Removed ${stale.length} temporary upload folder${stale.length === 1 ? '' : 's'} left by an interrupted server.`);
  const logger = createLogger(config.logLevel);
  const app = createApp({ db, clientDir: config.clientDir, logger, trustProxy: config.trustProxy, sandbox });
  // The write-ahead log is copied back into the database from a worker thread, not inside a request.
  const checkpoints = startBackgroundCheckpoints(db);
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
    // One write, so a reader of the output never sees the URL without the accounts.
    console.log([`CCB Studio is running at http://${shownHost}:${actualPort}/`, `Database: ${config.dbFile}`, ...bannerLines(db, demo)].join('\n'));
    warmStudyVocabularies(db);
    // Run and Test stay off until a program in the sandbox has failed to reach this port and the database.
    void selfTestSandbox(sandbox, { dbFile: config.dbFile, port: actualPort }).then(() => {
      const s = sandbox.current();
      console.log(s.state === 'ready' ? 'Code sandbox: ready (Run and Test are on).' : `Code sandbox: off. ${s.state === 'off' ? s.reason : ''}`);
    });
  });
  server.on('error', (err) => {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${err.message}`);
    db.close();
    process.exit(1);
  });
  const stop = () =>
    server.close(() => {
      void (checkpoints?.stop() ?? Promise.resolve()).finally(() => {
        db.close();
        process.exit(0);
      });
    });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof StartRefused || err instanceof ConfigError) console.error(err.message);
  else console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
