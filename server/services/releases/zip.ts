import yazl from 'yazl';
import type { StoredFile } from './store';

/**
 * A zip of release files under one folder. Entries carry the release's own time, not the
 * wall clock, so the same release always zips to the same bytes.
 */
export function zipRelease(folder: string, files: readonly StoredFile[], mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(f.content, `${folder}/${f.path}`, { mtime, mode: 0o100644 });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
