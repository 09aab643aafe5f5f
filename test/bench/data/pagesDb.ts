import { openDatabase, run, transaction, type DB } from '../../../db/database';
import { insertUser } from '../../../db/users';
import { hashPassword } from '../../../server/auth/passwords';
import { buildExportDb } from './exportDb';

export const MAINTAINER_USER = { username: 'bench-maintainer', password: 'bench-maintainer-pass' };

/**
 * The 8,000-problem (or 80-problem) database of the export scenario — every problem with two
 * submitted annotations and a resolved adjudication — plus a maintainer who can log in and an
 * audit log with the two submit events of every problem, as a real history would have.
 */
export async function buildPagesDb(file: string, problems: number): Promise<DB> {
  buildExportDb(file, problems);
  const db = openDatabase(file);
  const hash = await hashPassword(MAINTAINER_USER.password);
  transaction(db, () => {
    insertUser(db, MAINTAINER_USER.username, 'maintainer', hash);
    run(
      db,
      `INSERT INTO events (at, actor_id, actor, action, entity_type, entity_id, details)
       SELECT a.submitted_at, u.id, u.username, 'annotation.submit', 'annotation', p.question_id, json_object('annotationId', a.id)
         FROM annotations a JOIN users u ON u.id = a.user_id JOIN problems p ON p.id = a.problem_id
        ORDER BY a.id`,
    );
  });
  return db;
}
