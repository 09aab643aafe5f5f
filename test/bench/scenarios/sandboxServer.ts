import type { AddressInfo } from 'node:net';
import { openDatabase } from '../../../db/database';
import { createApp } from '../../../server/app';
import { CodeSandbox } from '../../../server/services/sandbox/sandbox';
import { selfTestSandbox } from '../../../server/services/sandbox/selfTest';
import { readSandboxSettings } from '../../../server/services/sandbox/settings';
import { reply } from '../lib/child';

/** The app with its code sandbox, in its own process, started as server/main.ts starts it: listen, then the self-test. */
reply(async () => {
  const [dbFile] = process.argv.slice(2);
  if (!dbFile) throw new Error('usage: sandboxServer DB');
  const db = openDatabase(dbFile);
  const sandbox = new CodeSandbox(readSandboxSettings());
  const server = createApp({ db, log: (m) => console.error(m), sandbox }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  await selfTestSandbox(sandbox, { dbFile, port });
  const status = sandbox.current();
  if (status.state !== 'ready') throw new Error(`the sandbox is not ready: ${status.state === 'off' ? status.reason : status.state}`);
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  return { port };
});
