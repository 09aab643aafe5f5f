import fs from 'node:fs';
import readline from 'node:readline';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../../db/database';
import { CLI_ACTOR } from '../../../db/events';
import { importLcbFile } from '../../../server/services/lcbImport';
import { peakRssMb, reply } from '../lib/child';

/** One measured run in a clean process: `baseline <file>` or `import <file> <db>`. */
export interface ImportRun {
  ms: number;
  peakRssMb: number;
  /** Peak RSS before the work started (Node + tsx + modules). */
  startRssMb: number;
  records: number;
}

async function parseEveryLine(file: string): Promise<number> {
  let records = 0;
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    JSON.parse(line);
    records++;
  }
  return records;
}

reply(async (): Promise<ImportRun> => {
  const [mode, file, dbFile] = process.argv.slice(2);
  if (!file || (mode !== 'baseline' && mode !== 'import') || (mode === 'import' && !dbFile)) {
    throw new Error('usage: importChild baseline|import FILE [DB]');
  }
  const db = mode === 'import' ? openDatabase(dbFile!) : null;
  const startRssMb = peakRssMb();
  const start = performance.now();
  let records: number;
  if (db) {
    const summary = await importLcbFile(db, file, CLI_ACTOR);
    records = summary.inserted;
  } else {
    records = await parseEveryLine(file);
  }
  const ms = performance.now() - start;
  db?.close();
  return { ms, peakRssMb: peakRssMb(), startRssMb, records };
});
