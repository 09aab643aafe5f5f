import express from 'express';
import type { AddressInfo } from 'node:net';
import { get, openDatabase } from '../../../db/database';
import { createApp } from '../../../server/app';
import { startBackgroundCheckpoints } from '../../../db/checkpoints';
import { reply } from '../lib/child';

/**
 * A server for the draft-save load test, in its own process: `real <db>` is the app
 * itself; `baseline <db>` is a minimal express handler doing the same single-row write.
 */
function baselineApp(dbFile: string): express.Express {
  const db = openDatabase(dbFile);
  const app = express();
  app.put('/api/annotations/:questionId', express.json({ limit: '10mb' }), (req, res) => {
    const body = req.body as { version?: unknown };
    const row = get<{ version: number }>(
      db,
      `UPDATE annotations SET version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        WHERE problem_id = (SELECT id FROM problems WHERE question_id = ?) AND version = ?
        RETURNING version`,
      [req.params.questionId, body.version],
    );
    if (row) res.json({ version: row.version });
    else res.status(409).json({ error: { code: 'conflict', message: 'stale version' } });
  });
  return app;
}

reply(async () => {
  const [mode, dbFile] = process.argv.slice(2);
  if (!dbFile || (mode !== 'real' && mode !== 'baseline')) throw new Error('usage: draftServer real|baseline DB');
  let app: express.Express;
  if (mode === 'real') {
    // As server/main.ts starts it: checkpoints of the write-ahead log run in a worker thread.
    const db = openDatabase(dbFile);
    app = createApp({ db, log: (m) => console.error(m) });
    startBackgroundCheckpoints(db);
  } else app = baselineApp(dbFile);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  return { port: (server.address() as AddressInfo).port };
});
