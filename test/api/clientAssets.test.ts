import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { createApp } from '../../server/app';
import { BUILD_STAMP, clientBuildIsCurrent, finishClientBuild } from '../../server/build/clientBuild';
import { acceptedEncodings } from '../../server/http/clientFiles';
import { tempDb, tempDir } from '../support/db';

const ctx = tempDb();
const root = tempDir('ccb-client-root-');
const outDir = path.join(root, 'client', 'dist');
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 97}`))};\n`;
let server: http.Server;
let base = '';

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'client', 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'client', 'src', 'main.ts'), 'console.log("v1");\n');
  fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>');
  fs.writeFileSync(path.join(outDir, 'assets', 'index-AbC123.js'), SCRIPT);
  fs.writeFileSync(path.join(outDir, 'assets', 'tiny-Zz9.js'), 'export {};\n');
  await finishClientBuild(root, outDir);
  server = createApp({ db: ctx.db, clientDir: outDir, log: () => {} }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  ctx.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A GET that leaves the body as sent (fetch and supertest would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const ASSET = '/assets/index-AbC123.js';

describe('compressed client assets', () => {
  it('the build writes brotli and gzip copies beside the assets worth compressing', () => {
    const files = fs.readdirSync(path.join(outDir, 'assets')).sort();
    expect(files).toEqual(['index-AbC123.js', 'index-AbC123.js.br', 'index-AbC123.js.gz', 'tiny-Zz9.js']);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(outDir, 'assets', 'index-AbC123.js.br'))).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(outDir, 'assets', 'index-AbC123.js.gz'))).toString()).toBe(SCRIPT);
  });

  it('serves brotli to a browser that accepts it, with Vary and an immutable year of caching', async () => {
    const res = await rawGet(base + ASSET, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('respects Accept-Encoding: gzip when br is not accepted, identity when neither is', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8', 'identity, gzip']) {
      const res = await rawGet(base + ASSET, { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(zlib.gunzipSync(res.body).toString(), accept).toBe(SCRIPT);
    }
    for (const accept of ['', 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await rawGet(base + ASSET, accept ? { 'Accept-Encoding': accept } : {});
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      expect(res.body.toString(), accept).toBe(SCRIPT);
    }
    expect([...acceptedEncodings('*;q=1, gzip;q=0')]).toEqual(['br']);
  });

  it('a file without compressed copies is served as it is, still immutable; a missing asset is 404, not the page', async () => {
    const tiny = await rawGet(`${base}/assets/tiny-Zz9.js`, { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tiny.body.toString()).toBe('export {};\n');
    const missing = await rawGet(`${base}/assets/gone-123.js`);
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).not.toContain('<!doctype html>');
    const escape = await rawGet(`${base}/assets/..%2findex.html`);
    expect(escape.status).toBe(404);
  });

  it('index.html (for every client route) is never cached; the build stamp is not served', async () => {
    for (const page of ['/', '/annotate/abc123_a']) {
      const res = await rawGet(base + page, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toContain('/assets/index-AbC123.js');
    }
    const stamp = await rawGet(`${base}/${BUILD_STAMP}`);
    expect(stamp.body.toString()).not.toMatch(/^[0-9a-f]{64}\n$/);
  });
});

describe('build stamp', () => {
  it('a build is current until a client source changes', () => {
    expect(clientBuildIsCurrent(root, outDir)).toBe(true);
    fs.writeFileSync(path.join(root, 'client', 'src', 'main.ts'), 'console.log("v2");\n');
    expect(clientBuildIsCurrent(root, outDir)).toBe(false);
    fs.writeFileSync(path.join(root, 'client', 'src', 'main.ts'), 'console.log("v1");\n');
    expect(clientBuildIsCurrent(root, outDir)).toBe(true);
    fs.mkdirSync(path.join(root, 'shared'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shared', 'rules.ts'), 'export const n = 1;\n');
    expect(clientBuildIsCurrent(root, outDir)).toBe(false);
    expect(clientBuildIsCurrent(root, path.join(root, 'no-build'))).toBe(false);
  });
});
