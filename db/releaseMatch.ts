/** What finding the release a run file belongs to reads: every stored release's JSONL, one at a time. */
import type { DB } from './database';

/** Each stored release's name and release file, oldest first. */
export function* storedReleaseFiles(db: DB, file: string): Generator<{ name: string; content: Buffer }> {
  yield* db
    .prepare<[string], { name: string; content: Buffer }>('SELECT r.name, f.content FROM releases r JOIN release_files f ON f.release_id = r.id AND f.path = ? ORDER BY r.id')
    .iterate(file);
}
