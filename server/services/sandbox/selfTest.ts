/**
 * The start-up self-test: a tiny program tries to read the database file and to connect to the
 * server's port; the sandbox is "ready" only when it ran and both attempts failed. Anything else
 * (no bubblewrap, no user namespaces, a bind that leaks the file) leaves it off, with the reason.
 */
import fs from 'node:fs';
import { z } from 'zod';
import type { CodeSandbox } from './sandbox';

export interface SelfTestTarget {
  /** The database file the program must not be able to open. */
  dbFile: string;
  /** The server's port on 127.0.0.1, which the program must not reach. */
  port: number;
}

const PROBE = `
import json, socket
found = {}
try:
    open(DB, 'rb').read(1)
    found['db'] = 'read'
except OSError:
    found['db'] = 'blocked'
try:
    s = socket.create_connection(('127.0.0.1', PORT), timeout=2)
    s.close()
    found['net'] = 'connected'
except OSError:
    found['net'] = 'blocked'
print(json.dumps(found))
`;

function probe(target: SelfTestTarget): string {
  return PROBE.replace('DB', JSON.stringify(target.dbFile)).replace('PORT', String(target.port));
}

/** What the probe prints: for each way out of the sandbox, 'blocked' or what it reached. */
const probeReport = z.object({ db: z.string().optional(), net: z.string().optional() });

const hint = 'Install bubblewrap (`apt-get install bubblewrap`) and allow user namespaces; docs/operations.md#code-sandbox says how.';

/** Run the self-test and set the sandbox's state from it; resolves with that state. */
export async function selfTestSandbox(sandbox: CodeSandbox, target: SelfTestTarget): Promise<void> {
  if (sandbox.current().state === 'off') return;
  if (!fs.existsSync(sandbox.settings.bwrap)) {
    sandbox.setStatus({ state: 'off', reason: `No bubblewrap at ${sandbox.settings.bwrap}: Run and Test are off. ${hint}` });
    return;
  }
  sandbox.setStatus({ state: 'ready' });
  let outcome;
  try {
    outcome = await sandbox.withSlot('self-test', (execute) => execute({ files: [{ name: 'probe.py', content: probe(target) }], stdin: '' }));
  } catch (err) {
    sandbox.setStatus({ state: 'off', reason: `The sandbox self-test could not run (${err instanceof Error ? err.message : String(err)}): Run and Test are off.` });
    return;
  }
  let found: z.infer<typeof probeReport>;
  try {
    found = probeReport.parse(JSON.parse(outcome.stdout.trim()));
  } catch {
    const why = (outcome.stderr.trim().split('\n').pop() ?? '') || `exit ${outcome.exitCode}`;
    sandbox.setStatus({ state: 'off', reason: `The sandbox self-test did not run (${why}): Run and Test are off. ${hint}` });
    return;
  }
  if (found.db !== 'blocked') sandbox.setStatus({ state: 'off', reason: 'The sandbox self-test could read the database file: Run and Test are off.' });
  else if (found.net !== 'blocked') sandbox.setStatus({ state: 'off', reason: "The sandbox self-test reached the server's port: Run and Test are off." });
  else sandbox.setStatus({ state: 'ready' });
}
