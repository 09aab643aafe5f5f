/** A server killed mid-upload leaves its temporary upload folder; the next start removes it (and no other server's). */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleUploads } from '../../server/http/upload';
import { tempDir } from '../support/db';
import { startServer } from '../support/serverProcess';

const dir = tempDir('ccb-stale-uploads-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const DEAD_PID = 2 ** 30; // above any pid_max: no such process

describe('removeStaleUploads', () => {
  it('removes the folders of dead servers and of an earlier server with this pid; keeps live servers’ and other folders', () => {
    const root = fs.mkdtempSync(path.join(dir, 'tmp-'));
    const names = [`ccb-upload-${DEAD_PID}-aB3dE9`, `ccb-upload-${process.pid}-xYz123`, `ccb-upload-${process.ppid}-keep01`, 'ccb-upload-Ab12Cd', 'ccb-db-Zz9Zz9', `ccb-upload-${DEAD_PID}-x`];
    for (const name of names) {
      fs.mkdirSync(path.join(root, name));
      fs.writeFileSync(path.join(root, name, 'upload.jsonl'), 'x');
    }
    expect(removeStaleUploads(root).sort()).toEqual([`ccb-upload-${DEAD_PID}-aB3dE9`, `ccb-upload-${process.pid}-xYz123`].sort());
    expect(fs.readdirSync(root).sort()).toEqual([`ccb-upload-${process.ppid}-keep01`, 'ccb-upload-Ab12Cd', 'ccb-db-Zz9Zz9', `ccb-upload-${DEAD_PID}-x`].sort());
    expect(removeStaleUploads(path.join(root, 'missing'))).toEqual([]);
  });
});

function post(url: string, pathname: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; cookie?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathname, url), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const uploadDirs = (tmp: string) => fs.readdirSync(tmp).filter((n) => n.startsWith('ccb-upload-'));

describe('a kill -9 during an upload', () => {
  it('leaves the temporary file; the next start removes it and says so', async () => {
    const tmp = fs.mkdtempSync(path.join(dir, 'server-tmp-'));
    const env = { CCB_DB: path.join(dir, 'kill.sqlite'), CCB_CLIENT_DIR: dir, TMPDIR: tmp };
    const first = await startServer(env);
    expect(first.url, first.stderr()).not.toBeNull();
    const login = await post(first.url!, '/api/auth/login', JSON.stringify({ username: 'mara', password: 'mara-demo-pass' }));
    expect(login.status).toBe(200);
    // An upload that never finishes: the server streams what came so far to its temporary file.
    const upload = http.request(new URL('/api/problems/import', first.url!), {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(64 << 20), Cookie: login.cookie! },
    });
    upload.on('error', () => {});
    upload.write(Buffer.alloc(1 << 20, 0x20));
    while (!uploadDirs(tmp).some((d) => fs.existsSync(path.join(tmp, d, 'upload.jsonl')))) await new Promise((r) => setTimeout(r, 5));
    await first.kill();
    upload.destroy();
    expect(uploadDirs(tmp)).toHaveLength(1);

    const second = await startServer(env);
    try {
      expect(second.url, second.stderr()).not.toBeNull();
      expect(second.stdout()).toContain('Removed 1 temporary upload folder left by an interrupted server.');
      expect(uploadDirs(tmp)).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});
