/**
 * Hostile pilot code is contained by the sandbox, and the server keeps answering meanwhile: each
 * program below runs while another client asks /healthz every 50 ms, and every one of those
 * answers comes in under a second (the one timing this suite asserts: the brief's containment
 * bound, not a performance figure).
 */
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { buildUser } from '../support/builders';
import { tempDb } from '../support/db';
import { buildPilotWorld, PILOT_RELEASE } from '../support/pilotWorld';
import { readySandbox, TEST_SANDBOX } from '../support/sandbox';

const ctx = tempDb();
let server: http.Server;
let port: number;
let pilot: ReturnType<typeof request.agent>;
let session: number;

beforeAll(async () => {
  const w = await buildPilotWorld(ctx.db);
  const sam = await buildUser(ctx.db, { username: 'sam', role: 'pilot' });
  server = http.createServer(createApp({ db: ctx.db, log: () => {}, sandbox: await readySandbox(ctx.file) }));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  const mara = request.agent(server);
  await mara.post('/api/auth/login').send({ username: 'mara', password: w.users.mara.password });
  await mara.post('/api/pilot-studies').send({ name: 'hostile', release: PILOT_RELEASE, pilots: ['sam'], tests: 'while-coding' }).expect(201);
  pilot = request.agent(server);
  await pilot.post('/api/auth/login').send({ username: 'sam', password: sam.password }).expect(200);
  session = (await pilot.get('/api/pilot/tasks')).body.tasks[0].id;
});
afterAll(async () => {
  server.close();
  ctx.cleanup();
});

/** Run the code while /healthz is asked every 50 ms; the run's result and the slowest health answer. */
async function runWhileProbing(code: string) {
  let done = false;
  const latencies: number[] = [];
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await request(server).get('/healthz');
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const res = await pilot.post(`/api/pilot/sessions/${session}/run`).send({ code, stdin: '' });
  done = true;
  await probing;
  expect(res.status).toBe(200);
  expect(latencies.length).toBeGreaterThan(0);
  return { result: res.body as { stdout: string; stderr: string; exitCode: number; timedOut: boolean; truncated: boolean }, slowest: Math.max(...latencies) };
}

/** Processes of the sandbox's uids still alive (root runs each slot as its own uid). */
function leftovers(): number {
  const uids = new Set(Array.from({ length: TEST_SANDBOX.concurrency }, (_, i) => TEST_SANDBOX.uid + i));
  return fs.readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const uid = /^Uid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      return uid !== null && uids.has(Number(uid[1]));
    } catch {
      return false;
    }
  }).length;
}

describe('hostile code is contained and the server keeps answering', () => {
  it('cannot read the database file (nor see the app: / holds only the system)', async () => {
    const { result, slowest } = await runWhileProbing(`import os\nprint(sorted(os.listdir('/')))\nprint(open(${JSON.stringify(ctx.file)}, 'rb').read(16))`);
    expect(result.stdout).not.toMatch(/work|home|root|SQLite/);
    expect(result.stderr).toMatch(/FileNotFoundError/);
    expect(slowest).toBeLessThan(1000);
  });

  it('cannot connect to the server', async () => {
    const { result, slowest } = await runWhileProbing(`import socket\ns = socket.create_connection(('127.0.0.1', ${port}), timeout=2)\nprint('connected')`);
    expect(result.stdout).not.toContain('connected');
    expect(result.stderr).toMatch(/ConnectionRefusedError|OSError/);
    expect(slowest).toBeLessThan(1000);
  });

  it('an endless loop is stopped at the time limit', async () => {
    const { result, slowest } = await runWhileProbing('while True:\n    pass\n');
    expect(result.timedOut).toBe(true);
    expect(slowest).toBeLessThan(1000);
    expect(leftovers()).toBe(0);
  });

  it('a fork bomb meets the process limit and leaves no process behind', async () => {
    const { result, slowest } = await runWhileProbing('import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n');
    expect(result.timedOut).toBe(true);
    expect(slowest).toBeLessThan(1000);
    expect(leftovers()).toBe(0);
  });

  it('a memory bomb meets the memory limit', async () => {
    const { result, slowest } = await runWhileProbing("x = []\nwhile True:\n    x.append(' ' * 10**7)\n");
    expect(result.stderr).toMatch(/MemoryError/);
    expect(result.exitCode).not.toBe(0);
    expect(slowest).toBeLessThan(1000);
  });

  it('a gigabyte of output is cut at the output limit, said so', async () => {
    const { result, slowest } = await runWhileProbing("import sys\nblock = 'x' * (1 << 20)\nfor _ in range(1024):\n    sys.stdout.write(block)\n");
    expect(result.truncated).toBe(true);
    expect(result.stdout.length).toBe(TEST_SANDBOX.outputBytes);
    expect(slowest).toBeLessThan(1000);
    expect(leftovers()).toBe(0);
  });
});
