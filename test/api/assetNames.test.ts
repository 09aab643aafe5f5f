/** Hostile asset names (a NUL in the path) are a plain 404, never a 500 with a stack in the log. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../server/app';
import { tempDb, tempDir } from '../support/db';

const ctx = tempDb();
const clientDir = tempDir('ccb-asset-names-');
const errorLines: string[] = [];
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1.js'), 'export {};\n');
  app = createApp({ db: ctx.db, clientDir, log: (line) => errorLines.push(line) });
});
beforeEach(() => {
  errorLines.length = 0;
});
afterAll(() => {
  ctx.cleanup();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('asset names with a NUL byte', () => {
  it.each(['/assets/x%00', '/assets/app-1.js%00', '/assets/%00/app-1.js', '/assets/x%00.js'])('GET %s answers 404 and logs nothing at error level', async (url) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(errorLines).toEqual([]);
  });

  it('a real asset is still served', async () => {
    const res = await request(app).get('/assets/app-1.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('export {};\n');
  });

  it('outside /assets a NUL in the path is no 500 either (a client route: index.html)', async () => {
    const res = await request(app).get('/x%00');
    expect(res.status).toBe(200);
    expect(errorLines).toEqual([]);
  });
});
