/** A working code sandbox for tests: bubblewrap, self-tested against the test's database file. */
import net from 'node:net';
import { once } from 'node:events';
import { CodeSandbox } from '../../server/services/sandbox/sandbox';
import { selfTestSandbox } from '../../server/services/sandbox/selfTest';
import { SANDBOX_DEFAULTS, type SandboxSettings } from '../../server/services/sandbox/settings';

/** A port on 127.0.0.1 that answers, closed by the returned function. */
export async function listeningPort(): Promise<{ port: number; close: () => void }> {
  const server = net.createServer((socket) => socket.end('reached'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

/**
 * Each test worker runs its sandboxes as uids of its own. Test files run in parallel, and a uid is
 * what the kernel counts a process limit against: with one shared range, one file's fork bomb
 * could fail another file's program, and the count of processes a run left behind would see the
 * other file's programs still running.
 */
const WORKER = Number(process.env.VITEST_POOL_ID ?? '0');

/** Tests' limits are tighter than the server's defaults so that a contained program ends quickly. */
export const TEST_SANDBOX: SandboxSettings = {
  ...SANDBOX_DEFAULTS,
  cpuSeconds: 2,
  wallSeconds: 4,
  memoryMb: 256,
  processes: 16,
  uid: SANDBOX_DEFAULTS.uid + 100 + WORKER * SANDBOX_DEFAULTS.concurrency,
};

export async function readySandbox(dbFile: string, overrides: Partial<SandboxSettings> = {}): Promise<CodeSandbox> {
  const sandbox = new CodeSandbox({ ...TEST_SANDBOX, ...overrides });
  const target = await listeningPort();
  try {
    await selfTestSandbox(sandbox, { dbFile, port: target.port });
  } finally {
    target.close();
  }
  const status = sandbox.current();
  if (status.state !== 'ready') throw new Error(`the test sandbox is not ready: ${status.state === 'off' ? status.reason : status.state}`);
  return sandbox;
}
