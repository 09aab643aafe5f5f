import fs from 'node:fs';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../server/http/mount';
import { withUploadedFile } from '../../server/http/upload';

const LIMIT = 1000;
const seen: string[] = [];

const app = express();
app.post('/upload', (req, res, next) => {
  withUploadedFile(req, LIMIT, async (file) => {
    seen.push(file);
    return fs.readFileSync(file, 'utf8').length;
  }).then((length) => res.json({ length }), next);
});
app.use(errorHandler());

describe('withUploadedFile', () => {
  it('streams the body to a temporary file that is removed afterwards', async () => {
    const res = await request(app).post('/upload').set('Content-Type', 'application/octet-stream').send(Buffer.from('x'.repeat(LIMIT)));
    expect(res.body).toEqual({ length: LIMIT });
    expect(fs.existsSync(seen.at(-1)!)).toBe(false);
  });

  it('answers 413 past the limit, whether declared up front or streamed without a length', async () => {
    const declared = await request(app).post('/upload').set('Content-Type', 'application/octet-stream').send(Buffer.alloc(LIMIT + 1));
    expect(declared.status).toBe(413);
    expect(declared.body.error.code).toBe('payload_too_large');
    const chunked = request(app).post('/upload').set('Content-Type', 'application/octet-stream').set('Transfer-Encoding', 'chunked');
    for (let i = 0; i < 5; i++) chunked.write(Buffer.alloc(400));
    const res = await chunked;
    expect(res.status).toBe(413);
    expect(seen).toHaveLength(1);
  });
});
