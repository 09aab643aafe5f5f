import type { DB } from '../../db/database';
import type { Actor } from '../../db/events';
import { writeRevealNames } from '../../server/services/adjudications/store';
import { resolveGold, saveGold } from '../../server/services/adjudications/gold';
import { saveDraft, submitAnnotation } from '../../server/services/annotations';
import { cutRelease } from '../../server/services/releases/store';
import { runLine, storeRun } from './runFixture';
import { saveGoldBody } from '../../shared/schemas/adjudication';
import { assign, buildProblem, buildUser, type BuiltProblem, type BuiltUser } from './builders';
import { pointFor } from './world';
import { hashOf } from './baseText';
import { acknowledgeAll } from './findings';

// Payloads that would run (and set window.__xss or open a dialog) if any page rendered user
// text as HTML. Each also names itself, so its text can be looked for on the page.
export const PAYLOADS = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=2</script>',
  link: '<a href="javascript:window.__xss=3">click me</a>',
  svg: "<svg onload=\"alert('svg')\"></svg>",
  markdown: '[docs](javascript:alert(4))',
};
export const ALL_PAYLOADS = Object.values(PAYLOADS).join(' ');

/** A username no account may be created with (the regex forbids it), written directly into the database. */
export const HOSTILE_USERNAME = '<img src=x onerror=alert(5)>';

const STATEMENT = [
  `Read N numbers ${PAYLOADS.img} and print ${PAYLOADS.script} their sum.`,
  `See ${PAYLOADS.link} and ${PAYLOADS.markdown} for ${PAYLOADS.svg} details.`,
  '',
  'Input',
  '',
  'N',
  '',
  'Output',
  '',
  'Print the sum.',
  '',
  'Sample Input 1',
  '',
  '1',
].join('\n');

export interface HostileWorld {
  maintainer: BuiltUser;
  adjudicator: BuiltUser;
  annotator: BuiltUser;
  hostile: BuiltUser;
  problem: BuiltProblem;
  resolved: BuiltProblem;
  release: string;
}

const actorOf = (u: BuiltUser): Actor => ({ id: u.id, name: u.username });
const sessionOf = (u: BuiltUser) => ({ id: u.id, username: u.username, role: u.role });

function submit(db: DB, user: BuiltUser, problem: BuiltProblem, question: string, answer: string): void {
  const points = [pointFor(problem.baseText, 'Print the sum', question, answer), pointFor(problem.baseText, 'Read N numbers', `Second ${question}`, answer)];
  const saved = saveDraft(db, sessionOf(user), actorOf(user), problem.questionId, { baseTextHash: hashOf(problem), version: 0, points });
  submitAnnotation(db, sessionOf(user), actorOf(user), problem.questionId, { baseTextHash: hashOf(problem), version: saved.version, acknowledged: acknowledgeAll(saved) });
}

/** Hostile text in every field a user can fill: titles, statements, questions, answers, notes, a username, release notes. */
export async function buildHostileWorld(db: DB): Promise<HostileWorld> {
  const maintainer = await buildUser(db, { username: 'mara', role: 'maintainer', password: 'mara-pass-123' });
  const adjudicator = await buildUser(db, { username: 'ada', role: 'adjudicator', password: 'ada-pass-1234' });
  const annotator = await buildUser(db, { username: 'anna', role: 'annotator', password: 'anna-pass-123' });
  const hostile = await buildUser(db, { username: HOSTILE_USERNAME, role: 'annotator', password: 'hostile-pass-1' });
  const problem = buildProblem(db, { questionId: 'abc901_x', title: `Sum ${PAYLOADS.img} ${PAYLOADS.script}`, statement: STATEMENT });
  const resolved = buildProblem(db, { questionId: 'abc902_x', title: `Resolved ${PAYLOADS.link}`, statement: STATEMENT });
  for (const p of [problem, resolved]) {
    assign(db, p.id, annotator.id, 1);
    assign(db, p.id, hostile.id, 2);
    submit(db, annotator, p, `Which numbers? ${PAYLOADS.img}`, `All of them ${PAYLOADS.script}`);
    submit(db, hostile, p, `What sum? ${PAYLOADS.svg}`, `The total ${PAYLOADS.link}`);
  }
  const gold = (notes: string) =>
    saveGoldBody.parse({
      version: 0,
      notes,
      points: [
        {
          ...pointFor(resolved.baseText, 'Print the sum', `Gold question ${PAYLOADS.img}`, `Gold answer ${PAYLOADS.markdown}`),
          provenance: 'A',
          sources: { from: { a: 0, b: 0 } },
          checklist: { plausible: true, ambiguous: true, sufficient: true },
          note: `Point note ${PAYLOADS.script}`,
        },
      ],
    });
  saveGold(db, actorOf(adjudicator), problem.questionId, gold(`Draft notes ${PAYLOADS.svg}`));
  saveGold(db, actorOf(adjudicator), resolved.questionId, gold(`Resolved notes ${PAYLOADS.img}`));
  resolveGold(db, actorOf(adjudicator), resolved.questionId, 1);
  writeRevealNames(db, true); // the adjudicator sees annotator names, the hostile one included
  const release = 'hostile-1';
  cutRelease(db, actorOf(maintainer), { name: release, notes: `Release notes ${ALL_PAYLOADS}`, policy: 'all-subsets', extended: false });
  // A run over it whose dialogue carries payloads too (the Runs page and its drill-down).
  await storeRun(db, actorOf(maintainer), 'model-x', { release }, [runLine('task_1', resolved.questionId, 1, [`Is it ${PAYLOADS.script}?`, `Gold question ${PAYLOADS.img}`], [0, 1])]);
  cutRelease(db, actorOf(maintainer), { name: 'hostile-2', notes: `Second ${PAYLOADS.script}`, policy: 'all-subsets', extended: false });
  return { maintainer, adjudicator, annotator, hostile, problem, resolved, release };
}
