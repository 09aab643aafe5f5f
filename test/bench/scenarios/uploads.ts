/**
 * A bad upload does not freeze the server: while a 6.3 MB run file of `{"id":1}`
 * lines is checked, how long does a `/healthz` wait? Against the idle `/healthz` time, measured
 * on the same server in the same run. The server runs in its own process (draftServer.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../../db/database';
import { CLI_ACTOR } from '../../../db/events';
import { createSession, SESSION_COOKIE } from '../../../server/auth/sessions';
import { createUser } from '../../../server/services/users';
import { benchRelease, storeBenchRelease } from '../data/runFiles';
import { startChild } from '../lib/child';
import { scratchDir } from '../lib/config';
import { median } from '../lib/stats';
import { row, type BenchContext, type Scenario } from '../lib/types';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'draftServer.ts');
const BAD_LINE = '{"id":1}\n';
const BAD_BYTES = 6.3 * 1024 * 1024;

/** A database with a stored release and a maintainer's session cookie. */
async function uploadDb(file: string): Promise<string> {
  const db = openDatabase(file);
  try {
    storeBenchRelease(db, 'bench', benchRelease().text);
    const user = await createUser(db, CLI_ACTOR, { username: 'mara', role: 'maintainer', password: 'bench-password-1' });
    return `${SESSION_COOKIE}=${createSession(db, user.id).token}`;
  } finally {
    db.close();
  }
}

async function healthzMs(base: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${base}/healthz`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
  return performance.now() - start;
}

/** Upload the bad file and ask /healthz again and again until the upload is answered: the longest wait. */
async function worstWaitDuringCheck(base: string, cookie: string, body: Uint8Array<ArrayBuffer>): Promise<{ worst: number; asked: number; uploadMs: number }> {
  let done = false;
  const started = performance.now();
  const upload = fetch(`${base}/api/runs/import?model=bad&release=bench`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/octet-stream' }, body }).then(async (res) => {
    await res.arrayBuffer();
    done = true;
    if (res.status !== 400) throw new Error(`the bad upload answered ${res.status}`);
    return performance.now() - started;
  });
  const waits: number[] = [];
  while (!done) waits.push(await healthzMs(base));
  return { worst: Math.max(...waits), asked: waits.length, uploadMs: await upload };
}

async function measure(ctx: BenchContext, rounds: number): Promise<{ worst: number[]; idle: number[] }> {
  const dir = scratchDir('uploads');
  try {
    const file = path.join(dir, 'uploads.sqlite');
    const cookie = await uploadDb(file);
    const body = new TextEncoder().encode(BAD_LINE.repeat(Math.round(BAD_BYTES / BAD_LINE.length)));
    const server = startChild<{ port: number }>(SERVER, ['real', file]);
    try {
      const base = `http://127.0.0.1:${(await server.next()).port}`;
      for (let i = 0; i < 20; i++) await healthzMs(base); // warm-up
      const worst: number[] = [];
      const idle: number[] = [];
      for (let r = 0; r < rounds; r++) {
        idle.push(median(await sequence(base, 30)));
        const got = await worstWaitDuringCheck(base, cookie, body);
        ctx.log(`round ${r + 1}: upload of ${(body.length / 1024 / 1024).toFixed(1)} MB answered in ${got.uploadMs.toFixed(0)} ms; ${got.asked} /healthz asked meanwhile, worst ${got.worst.toFixed(1)} ms; idle ${idle[r]!.toFixed(2)} ms`);
        worst.push(got.worst);
      }
      return { worst, idle };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function sequence(base: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await healthzMs(base));
  return out;
}

export const scenario: Scenario = {
  id: 11,
  name: 'Uploads',
  async run(ctx) {
    const rounds = ctx.quick ? 1 : 3;
    const { worst, idle } = await measure(ctx, rounds);
    const value = median(worst);
    const baseline = median(idle);
    return [
      row(
        `worst /healthz wait while a 6.3 MB run file of {"id":1} lines is checked (baseline: idle /healthz; ${value.toFixed(0)} ms vs ${baseline.toFixed(1)} ms)`,
        'ms',
        value,
        baseline,
        { kind: 'value-max', limit: 1000, unit: 'ms' },
        rounds,
      ),
    ];
  },
};
