/**
 * The cost of one pilot question at 500 study questions. The live answer's
 * vocabulary is kept per study and grown by each question (server/services/pilots/studyVocabulary.ts);
 * the baseline is what every question cost before: a full refit over the release's key questions
 * and the study's questions (matchQuestion), measured in the same run.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import { all, openDatabase, run, type DB } from '../../../db/database';
import { CLI_ACTOR } from '../../../db/events';
import { RELEASE_FILE } from '../../../shared/release/format';
import { matchQuestion } from '../../../shared/pilots/protocol';
import { createStudyBody } from '../../../shared/schemas/pilots';
import { askQuestion } from '../../../server/services/pilots/session';
import { createStudy } from '../../../server/services/pilots/studies';
import { releaseTasks } from '../../../db/runs';
import { benchRelease } from '../data/runFiles';
import { scratchDir } from '../lib/config';
import { median, timeInterleaved } from '../lib/stats';
import { row, type Scenario } from '../lib/types';

const RELEASE = 'bench';
const STUDY_QUESTIONS = 500;
const PILOTS = 60;

function releaseDb(file: string, text: string): DB {
  const db = openDatabase(file);
  const content = Buffer.from(text);
  const id = run(db, "INSERT INTO releases (name, policy, kind, manifest) VALUES (?, 'all-subsets', 'legacy', '{}')", [RELEASE]).lastInsertRowid;
  run(db, 'INSERT INTO release_files (release_id, path, content, sha256) VALUES (?, ?, ?, ?)', [id, RELEASE_FILE, content, createHash('sha256').update(content).digest('hex')]);
  return db;
}

const WORDS = ['input', 'output', 'sorted', 'values', 'negative', 'string', 'array', 'index', 'order', 'case', 'empty', 'bound', 'format', 'line', 'zero'];
const question = (i: number) => `Should the ${WORDS[i % 15]} ${WORDS[(i * 7) % 15]} be ${WORDS[(i * 11) % 15]} or ${WORDS[(i * 13 + 3) % 15]} (case ${i})?`;

interface Session {
  id: number;
  user_id: number;
  task_id: string;
}

/** A study of every task over PILOTS pilots, with STUDY_QUESTIONS questions already asked. */
function studyWithQuestions(db: DB): Session[] {
  const names = Array.from({ length: PILOTS }, (_v, i) => `pilot${String(i + 1).padStart(2, '0')}`);
  for (const n of names) run(db, "INSERT INTO users (username, role, password_hash, active) VALUES (?, 'pilot', 'not-a-hash', 1)", [n]);
  createStudy(db, CLI_ACTOR, createStudyBody.parse({ name: 'bench', release: RELEASE, pilots: names, maxRounds: 20 }));
  const sessions = all<Session>(db, 'SELECT id, user_id, task_id FROM pilot_sessions ORDER BY id');
  const asked = sessions.slice(0, 100);
  for (let i = 0; i < STUDY_QUESTIONS; i++) {
    run(
      db,
      "INSERT INTO pilot_turns (session_id, turn, question, answer, asked_at, matched, similarity, live_hit, live_key) VALUES (?, ?, ?, 'This question is not relevant to the current task.', '2026-01-01T00:00:00.000Z', 0, 0, 0, NULL)",
      [asked[i % asked.length]!.id, Math.floor(i / asked.length), question(i)],
    );
  }
  return sessions.slice(asked.length);
}

export const scenario: Scenario = {
  id: 10,
  name: 'Pilot studies',
  async run(ctx) {
    const dir = scratchDir('pilots');
    const runs = ctx.quick ? 3 : 9;
    try {
      const release = benchRelease();
      const db = releaseDb(path.join(dir, 'pilots.sqlite'), release.text);
      try {
        const fresh = studyWithQuestions(db);
        const studyId = all<{ id: number }>(db, "SELECT id FROM pilot_studies WHERE name = 'bench'")[0]!.id;
        const sha = all<{ release_sha256: string }>(db, 'SELECT release_sha256 FROM pilot_studies WHERE id = ?', [studyId])[0]!.release_sha256;
        let t = Date.parse('2026-03-01T10:00:00.000Z');
        let n = STUDY_QUESTIONS;
        let next = 0;
        const ask = () => {
          const s = fresh[next++ % fresh.length]!;
          t += 60_000;
          askQuestion(db, { id: s.user_id, name: 'bench' }, s.user_id, s.id, question(n++), () => t);
        };
        const tasks = releaseTasks(db, sha);
        const fullRefit = () => {
          const studyQuestions = all<{ question: string }>(db, 'SELECT t.question FROM pilot_turns t JOIN pilot_sessions p ON p.id = t.session_id WHERE p.study_id = ? ORDER BY t.id', [studyId]).map((r) => r.question);
          const keys: string[] = [];
          for (const task of tasks) for (const k of task.keyQuestions) keys.push(k.question);
          return matchQuestion(question(n), keys, 0, tasks[0]!.keyQuestions.length, studyQuestions);
        };
        const [grown, refit] = await timeInterleaved([ask, fullRefit], runs, 2);
        ctx.log(`one question at ${STUDY_QUESTIONS}+ study questions: ${median(grown!).toFixed(2)} ms (grown vocabulary), full refit ${median(refit!).toFixed(1)} ms`);
        return [
          row(
            `one pilot question at ${STUDY_QUESTIONS} study questions, grown vocabulary (baseline: full TF-IDF refit as before)`,
            'ms',
            median(grown!),
            median(refit!),
            { kind: 'value-max', limit: 20, unit: 'ms' },
            runs,
          ),
        ];
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
