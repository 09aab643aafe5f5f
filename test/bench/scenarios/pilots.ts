/**
 * A pilot's question over HTTP, on the public release (690 key questions) with 500 questions
 * already asked in the study: the p95 of a question on a running server, and the first question
 * after a start (a fresh process: a new database connection and app, nothing kept in memory).
 * The live answer's vocabulary is kept per study, warmed at start-up and grown by each question
 * (server/services/pilots/studyVocabulary.ts); the baseline of the running server's row is what
 * every question cost before that: a full refit over the release's key questions and the study's
 * questions (matchQuestion), measured in the same run.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type DB } from '../../../db/database';
import { CLI_ACTOR } from '../../../db/events';
import { insertTurn, sessionsOfStudy, studyByName } from '../../../db/pilots';
import { releaseTasks } from '../../../db/runs';
import { insertUser } from '../../../db/users';
import { createApp } from '../../../server/app';
import { hashPassword } from '../../../server/auth/passwords';
import { createStudy } from '../../../server/services/pilots/studies';
import { warmStudyVocabularies } from '../../../server/services/pilots/studyVocabulary';
import { matchQuestion } from '../../../shared/pilots/protocol';
import { createStudyBody } from '../../../shared/schemas/pilots';
import { PUBLIC_RELEASE, requireDataset } from '../../support/datasets';
import { FIXTURE_SCRYPT } from '../../support/builders';
import { storeBenchRelease } from '../data/runFiles';
import { pick, randomInt, seededRandom } from '../data/random';
import { scratchDir } from '../lib/config';
import { median } from '../lib/stats';
import { row, type Scenario } from '../lib/types';

const RELEASE = 'bench';
const STUDY_QUESTIONS = 500;
const PILOTS = 60;
const PASSWORD = 'bench-pilot-pass';

function releaseDb(file: string, text: string): DB {
  const db = openDatabase(file);
  storeBenchRelease(db, RELEASE, text);
  return db;
}

/**
 * Questions as people write them: 8 to 50 words drawn from the release's task texts (a rich
 * vocabulary, so the character n-grams grow with every question), each one different.
 */
function questionWriter(releaseText: string): (i: number) => string {
  const words = [...new Set(releaseText.match(/[A-Za-z][A-Za-z']+/g) ?? [])];
  return (i) => {
    const random = seededRandom(1000 + i);
    const n = randomInt(random, 8, 50);
    return `${Array.from({ length: n }, () => pick(random, words)).join(' ')} (${i})?`;
  };
}
let question: (i: number) => string = () => '';

interface Session {
  id: number;
  username: string;
}

/** A study of every task over PILOTS pilots, with STUDY_QUESTIONS questions already asked in its first 100 sessions. */
async function studyWithQuestions(db: DB): Promise<Session[]> {
  const names = Array.from({ length: PILOTS }, (_v, i) => `pilot${String(i + 1).padStart(2, '0')}`);
  const hash = await hashPassword(PASSWORD, FIXTURE_SCRYPT);
  const nameOf = new Map(names.map((n) => [insertUser(db, n, 'pilot', hash), n]));
  createStudy(db, CLI_ACTOR, createStudyBody.parse({ name: 'bench', release: RELEASE, pilots: names, maxRounds: 20, allowPublished: true }));
  const sessions: Session[] = sessionsOfStudy(db, studyByName(db, 'bench')!.id).map((s) => ({ id: s.id, username: nameOf.get(s.user_id)! }));
  const asked = sessions.slice(0, 100);
  for (let i = 0; i < STUDY_QUESTIONS; i++) {
    insertTurn(db, {
      sessionId: asked[i % asked.length]!.id,
      turn: Math.floor(i / asked.length),
      question: question(i),
      answer: 'This question is not relevant to the current task.',
      askedAt: '2026-01-01T00:00:00.000Z',
      matched: 0,
      similarity: 0,
      liveKey: null,
    });
  }
  // The questions asked over HTTP go to sessions never asked before, one each (the rate limit allows a burst of 3).
  return sessions.slice(asked.length);
}

interface Site {
  url: string;
  server: Server;
  db: DB;
  cookies: Map<string, string>;
}

/**
 * A started server on its own database connection, as server/main.ts starts one: nothing kept in
 * memory, the studies' vocabularies warmed after listening (the first question is not held back
 * until that is done: it is timed from its request, whatever the warm-up is doing).
 */
async function start(file: string): Promise<Site> {
  const db = openDatabase(file);
  const server = createApp({ db, log: () => {} }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  warmStudyVocabularies(db);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, db, cookies: new Map() };
}

async function stop(site: Site): Promise<void> {
  await new Promise((resolve) => site.server.close(resolve));
  site.db.close();
}

async function cookieOf(site: Site, username: string): Promise<string> {
  const known = site.cookies.get(username);
  if (known) return known;
  const res = await fetch(`${site.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  if (!res.ok) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  site.cookies.set(username, cookie);
  return cookie;
}

/** One question over HTTP, timed from the request to the whole answer read; the login is not timed. */
async function timedQuestion(site: Site, session: Session, text: string): Promise<number> {
  const cookie = await cookieOf(site, session.username);
  const begin = performance.now();
  const res = await fetch(`${site.url}/api/pilot/sessions/${session.id}/questions`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ question: text }) });
  const body = await res.text();
  const ms = performance.now() - begin;
  if (res.status !== 201) throw new Error(`question on session ${session.id}: ${res.status} ${body}`);
  return ms;
}

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export const scenario: Scenario = {
  id: 10,
  name: 'Pilot studies',
  async run(ctx) {
    const dir = scratchDir('pilots');
    const questions = ctx.quick ? 20 : 60;
    const starts = ctx.quick ? 3 : 7;
    try {
      const file = path.join(dir, 'pilots.sqlite');
      const releaseText = fs.readFileSync(requireDataset(PUBLIC_RELEASE), 'utf8');
      question = questionWriter(releaseText);
      const setup = releaseDb(file, releaseText);
      let fresh: Session[];
      let refit: number[];
      try {
        fresh = await studyWithQuestions(setup);
        const tasks = releaseTasks(setup, studyByName(setup, 'bench')!.release_sha256);
        const keys = tasks.flatMap((t) => t.keyQuestions.map((k) => k.question));
        const studyQuestions = Array.from({ length: STUDY_QUESTIONS }, (_v, i) => question(i));
        refit = Array.from({ length: ctx.quick ? 3 : 9 }, (_v, i) => {
          const begin = performance.now();
          matchQuestion(question(STUDY_QUESTIONS + i), keys, 0, tasks[0]!.keyQuestions.length, studyQuestions);
          return performance.now() - begin;
        });
      } finally {
        setup.close();
      }
      let n = STUDY_QUESTIONS;
      let next = 0;
      // The first question after each start: a new connection and app, the pilot logged in first.
      const firsts: number[] = [];
      for (let i = 0; i < starts; i++) {
        const site = await start(file);
        try {
          const s = fresh[next++]!;
          await cookieOf(site, s.username);
          firsts.push(await timedQuestion(site, s, question(n++)));
        } finally {
          await stop(site);
        }
      }
      // Then questions on one running server, each on its own session, at 500+ study questions.
      const site = await start(file);
      const times: number[] = [];
      try {
        await timedQuestion(site, fresh[next++]!, question(n++));
        for (let i = 0; i < questions; i++) times.push(await timedQuestion(site, fresh[next++]!, question(n++)));
      } finally {
        await stop(site);
      }
      const p95 = percentile(times, 95);
      ctx.log(
        `over HTTP at ${STUDY_QUESTIONS}+ study questions: p95 ${p95.toFixed(1)} ms, median ${median(times).toFixed(1)} ms (${questions} questions); first after a start median ${median(firsts).toFixed(0)} ms, max ${Math.max(...firsts).toFixed(0)} ms (${starts} starts); full refit ${median(refit).toFixed(1)} ms`,
      );
      return [
        row(
          `one pilot question over HTTP at ${STUDY_QUESTIONS} study questions, public release, running server: p95 (baseline: the full TF-IDF refit each question cost before, service only)`,
          'ms',
          p95,
          median(refit),
          { kind: 'value-max', limit: 20, unit: 'ms' },
          questions,
        ),
        row(
          `the first pilot question over HTTP after a start, at ${STUDY_QUESTIONS} study questions, public release: the slowest of the starts (baseline: the running server's p95)`,
          'ms',
          Math.max(...firsts),
          p95,
          { kind: 'value-max', limit: 200, unit: 'ms' },
          starts,
        ),
      ];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
