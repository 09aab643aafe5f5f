import { DEFAULT_RELEASE_SETTINGS } from '../../shared/schemas/releaseSettings';
import { lcbRecord } from './lcbRecords';
import type { RouteCall } from './routeCalls';
import { BATCH, pointFor, RELEASE, RUN_MODEL, type Who, type World } from './world';
import { hashOf } from './baseText';
import { runFileText, runLine } from './runFixture';
import { storedJob } from './suggestionJobs';
import { storedAudit } from './judgeAudits';

/**
 * Every route of the server with a valid call and the status each caller must get: the
 * authorization matrix checks it, and the fuzz tests start from its valid calls.
 */
export type Expected = Record<Who, number>;
export interface Entry extends RouteCall {
  expect: Expected;
}

// Shorthands for the usual access rules.
const everyone = (status = 200): Expected => ({ anonymous: status, owner: status, other: status, adjudicator: status, maintainer: status, pilot: status });
const loggedIn = (status = 200): Expected => ({ ...everyone(status), anonymous: 401 });
const roles = (allowed: Who[], status = 200): Expected => ({
  anonymous: 401,
  owner: allowed.includes('owner') ? status : 403,
  other: allowed.includes('other') ? status : 403,
  adjudicator: allowed.includes('adjudicator') ? status : 403,
  maintainer: allowed.includes('maintainer') ? status : 403,
  pilot: allowed.includes('pilot') ? status : 403,
});
const MAINTAINER = (status = 200) => roles(['maintainer'], status);
const ADJUDICATORS = (status = 200) => roles(['adjudicator', 'maintainer'], status);
/** The annotator's own workspace: other roles 403; an annotator not assigned the problem gets 404. */
const OWN_WORK: Expected = { anonymous: 401, owner: 200, other: 404, adjudicator: 403, maintainer: 403, pilot: 403 };
/** A problem's discussion: an annotator only on problems assigned to them (404 otherwise), staff on all, pilots never. */
const DISCUSSION = (status = 200): Expected => ({ anonymous: 401, owner: status, other: 404, adjudicator: status, maintainer: status, pilot: 403 });
const PILOT = (status = 200) => roles(['pilot'], status);
const session = (w: World) => ({ id: String(w.pilot.session) });
/** Labelling a judge audit: adjudicators only (maintainers made it and know whose run it is). */
const LABELLER = (status = 200) => roles(['adjudicator'], status);
const audit = (w: World) => ({ name: storedAudit(w.db).name });
const auditItem = (w: World) => ({ name: storedAudit(w.db).name, id: storedAudit(w.db).item });

export const q = (pick: (w: World) => { questionId: string }) => (w: World) => ({ questionId: pick(w).questionId });
const goldBody = (w: World) => ({
  version: w.versions.gold,
  notes: 'edited',
  points: [{ ...pointFor(w.problems.shared.baseText, 'geometric progression', 'Which progression?'), provenance: 'A', sources: { from: { a: 0, b: 0 } }, checklist: { plausible: true, ambiguous: true, sufficient: true } }],
});

export const TABLE: Record<string, Entry> = {
  'POST /api/auth/login': { body: (w) => ({ username: w.users.owner.username, password: w.users.owner.password }), expect: everyone() },
  'POST /api/auth/logout': { expect: everyone() },
  'GET /api/me': { expect: loggedIn() },
  // Every role changes its own password (the world's accounts share one fixture password); that no one reaches another's is in test/api/ownPassword.test.ts.
  'PUT /api/me/password': { body: (w) => ({ currentPassword: w.users.owner.password, newPassword: 'a-new-long-password' }), expect: loggedIn() },
  'GET /healthz': { expect: everyone() },
  'GET /api/events': { query: () => 'action=annotation', expect: MAINTAINER() },
  'GET /api/home': { expect: MAINTAINER() },

  'GET /api/assignments': { expect: roles(['owner', 'other']) },
  'POST /api/assignments/:questionId/skip': { params: q((w) => w.problems.drafts), body: () => ({ reason: 'The statement is cut off.' }), expect: OWN_WORK },
  'DELETE /api/assignments/:questionId/skip': { params: q((w) => w.problems.drafts), expect: OWN_WORK },
  'GET /api/annotations/:questionId': { params: q((w) => w.problems.drafts), expect: OWN_WORK },
  'PUT /api/annotations/:questionId': {
    params: q((w) => w.problems.drafts),
    body: (w) => ({ baseTextHash: hashOf(w.problems.drafts), version: w.versions.ownerDraft, points: [pointFor(w.problems.drafts.baseText, 'Yes', 'What is printed?', 'Yes')], activeMs: 1000 }),
    expect: OWN_WORK,
  },
  'POST /api/annotations/:questionId/submit': { params: q((w) => w.problems.drafts), body: (w) => ({ baseTextHash: hashOf(w.problems.drafts), version: w.versions.ownerDraft, acknowledged: [{ point: 0, rule: 'question-repeated', reason: 'the same question fits both problems' }] }), expect: OWN_WORK },
  // Feedback: the owner's own submission beside the resolved gold (403 before resolution: see test/api/feedback.test.ts).
  'GET /api/annotations/:questionId/feedback': { params: q((w) => w.problems.resolved), expect: OWN_WORK },
  'GET /api/my-agreement': { expect: roles(['owner', 'other']) },
  'GET /api/guidelines': { expect: { ...loggedIn(), pilot: 403 } },
  'GET /api/guidelines/versions': { expect: { ...loggedIn(), pilot: 403 } },
  'PUT /api/guidelines': { body: () => ({ version: 1, markdown: '# Team notes' }), expect: MAINTAINER() },
  'GET /api/guidelines/news': { expect: roles(['owner', 'other']) },
  'PUT /api/guidelines/seen': { body: () => ({ version: 1 }), expect: roles(['owner', 'other']) },

  'POST /api/problems/import': { query: () => 'name=new.jsonl', upload: () => Buffer.from(`${JSON.stringify(lcbRecord(1))}\n`), expect: MAINTAINER() },
  'GET /api/problems': { expect: MAINTAINER() },
  'GET /api/problems/:questionId': { params: q((w) => w.problems.shared), expect: ADJUDICATORS() },
  'GET /api/problems/:questionId/comments': { params: q((w) => w.problems.drafts), expect: DISCUSSION() },
  'POST /api/problems/:questionId/comments': { params: q((w) => w.problems.drafts), body: () => ({ kind: 'flag', reason: 'unclear', body: 'May N be 1?' }), expect: DISCUSSION(201) },
  'POST /api/problems/:questionId/comments/read': { params: q((w) => w.problems.drafts), body: (w) => ({ upTo: w.comments.flag }), expect: DISCUSSION() },
  'POST /api/problems/:questionId/comments/:commentId/resolve': { params: (w) => ({ questionId: w.problems.shared.questionId, commentId: w.comments.flag }), expect: ADJUDICATORS() },
  // The world's flag is open: staff get past the role check to the refusal that it is not closed (test/api/flagReopen.test.ts reopens one).
  'POST /api/problems/:questionId/comments/:commentId/reopen': { params: (w) => ({ questionId: w.problems.shared.questionId, commentId: w.comments.flag }), expect: ADJUDICATORS(409) },
  'GET /api/comments/unread': { expect: roles(['owner', 'other', 'adjudicator', 'maintainer']) },
  'GET /api/comments/open-flags': { expect: ADJUDICATORS() },
  'GET /api/users': { expect: MAINTAINER() },
  'POST /api/users': { body: () => ({ username: 'newbie', role: 'annotator', password: 'long-enough-pass' }), expect: MAINTAINER(201) },
  'PUT /api/users/:username': { params: (w) => ({ username: w.users.other.username }), body: () => ({ role: 'adjudicator' }), expect: MAINTAINER() },
  'DELETE /api/users/:username/login-lock': { params: (w) => ({ username: w.users.other.username }), expect: MAINTAINER() },
  'GET /api/assignments/overview': { expect: MAINTAINER() },
  'GET /api/assignments/auto/preview': { query: () => 'includeResolved=true', expect: MAINTAINER() },
  'POST /api/assignments/auto': { expect: MAINTAINER() },
  'PUT /api/assignments/:questionId': {
    params: q((w) => w.problems.unassigned),
    body: (w) => ({ annotators: [w.users.owner.username, w.users.other.username] }),
    expect: MAINTAINER(),
  },

  'GET /api/batches': { expect: MAINTAINER() },
  'POST /api/batches': { body: (w) => ({ name: 'batch-2', due: '2030-01-31', problems: [w.problems.agreed.questionId] }), expect: MAINTAINER(201) },
  'GET /api/batches/:name': { params: () => ({ name: BATCH }), expect: MAINTAINER() },
  'PUT /api/batches/:name': { params: () => ({ name: BATCH }), body: () => ({ name: 'batch-renamed', due: '2099-11-30' }), expect: MAINTAINER() },
  'POST /api/batches/:name/problems': { params: () => ({ name: BATCH }), body: (w) => ({ add: [w.problems.agreed.questionId] }), expect: MAINTAINER() },
  'DELETE /api/batches/:name': { params: () => ({ name: BATCH }), expect: MAINTAINER() },
  'POST /api/batches/:name/assign/preview': { params: () => ({ name: BATCH }), body: (w) => ({ annotators: [w.users.owner.username, w.users.other.username] }), expect: MAINTAINER() },
  'POST /api/batches/:name/assign': { params: () => ({ name: BATCH }), body: (w) => ({ annotators: [w.users.owner.username, w.users.other.username] }), expect: MAINTAINER() },
  'POST /api/batches/:name/replace/preview': { params: () => ({ name: BATCH }), body: (w) => ({ from: w.users.owner.username, to: w.users.other.username }), expect: MAINTAINER() },
  'POST /api/batches/:name/replace': { params: () => ({ name: BATCH }), body: (w) => ({ from: w.users.owner.username, to: w.users.other.username }), expect: MAINTAINER() },

  'GET /api/adjudications': { expect: ADJUDICATORS() },
  'GET /api/adjudications/:questionId': { params: q((w) => w.problems.shared), expect: ADJUDICATORS() },
  'PUT /api/adjudications/:questionId': { params: q((w) => w.problems.shared), body: goldBody, expect: ADJUDICATORS() },
  'POST /api/adjudications/:questionId/resolve': { params: q((w) => w.problems.shared), body: (w) => ({ version: w.versions.gold }), expect: ADJUDICATORS() },
  'POST /api/adjudications/:questionId/accept': { params: q((w) => w.problems.agreed), body: () => ({ version: 0 }), expect: ADJUDICATORS() },
  'POST /api/adjudications/:questionId/return': { params: q((w) => w.problems.shared), body: () => ({ annotator: 'B', note: 'Point 1 deletes too little.' }), expect: ADJUDICATORS() },
  'POST /api/adjudications/:questionId/reopen': { params: q((w) => w.problems.resolved), body: () => ({ reason: 'second look' }), expect: MAINTAINER() },
  'PUT /api/adjudications/:questionId/overrides/:subset': {
    params: (w) => ({ questionId: w.problems.shared.questionId, subset: '0' }),
    body: (w) => ({ version: w.versions.gold, questions: ['Which progression is meant here?'] }),
    expect: ADJUDICATORS(),
  },
  'DELETE /api/adjudications/:questionId/overrides/:subset': {
    params: (w) => ({ questionId: w.problems.shared.questionId, subset: '0' }),
    query: (w) => `version=${w.versions.gold}`,
    expect: ADJUDICATORS(),
  },
  'GET /api/settings/reveal-names': { expect: ADJUDICATORS() },
  'PUT /api/settings/reveal-names': { body: () => ({ revealNames: true }), expect: MAINTAINER() },

  'GET /api/releases': { expect: MAINTAINER() },
  'GET /api/settings/release': { expect: MAINTAINER() },
  'PUT /api/settings/release': { body: () => ({ ...DEFAULT_RELEASE_SETTINGS, contact: 'maintainers@example.org' }), expect: MAINTAINER() },
  'POST /api/releases/preview': { body: () => ({ policy: 'all-subsets' }), expect: MAINTAINER() },
  'POST /api/releases': { body: () => ({ name: 'v2', notes: 'second cut' }), expect: MAINTAINER(201) },
  'GET /api/releases/:name': { params: () => ({ name: RELEASE }), expect: MAINTAINER() },
  'POST /api/releases/:name/publish': { params: () => ({ name: RELEASE }), expect: MAINTAINER() },
  'GET /api/releases/:name/download': { params: () => ({ name: RELEASE }), expect: MAINTAINER() },
  'GET /api/releases/:name/files/*path': { params: () => ({ name: RELEASE, path: 'ClarifyCodeBench.jsonl' }), expect: MAINTAINER() },
  'GET /api/release-diff': { query: () => `old=${RELEASE}&new=${RELEASE}`, expect: MAINTAINER() },

  'GET /api/agreement': { expect: MAINTAINER() },
  'GET /api/agreement/pairs.csv': { expect: MAINTAINER() },
  'GET /api/agreement/problems.csv': { expect: MAINTAINER() },
  'POST /api/annotations/import': {
    query: () => 'name=pilot.jsonl',
    upload: (w) =>
      Buffer.from(
        ['xavier', 'yvonne']
          .map((annotator) => JSON.stringify({ question_id: w.problems.unassigned.questionId, annotator, points: [pointFor(w.problems.unassigned.baseText, 'Yes', 'What is printed?', 'Yes')] }))
          .join('\n'),
      ),
    expect: MAINTAINER(),
  },

  'POST /api/runs/import': {
    query: () => `model=model-b&release=${RELEASE}&name=run.jsonl`,
    upload: (w) => Buffer.from(runFileText([runLine('task_1', w.problems.resolved.questionId, 1, ['Which progression?'], [0])])),
    expect: MAINTAINER(201),
  },
  'GET /api/runs': { expect: ADJUDICATORS() },
  'GET /api/runs/curation': { expect: ADJUDICATORS() },
  'GET /api/runs/task-scores': { query: () => `model=${RUN_MODEL}&k=1&hit=hit&sort=tkqr&dir=desc&limit=25`, expect: ADJUDICATORS() },
  'GET /api/runs/models/:model/task-scores': { params: () => ({ model: RUN_MODEL }), expect: ADJUDICATORS() },
  'GET /api/runs/models/:model/judge-check': { params: () => ({ model: RUN_MODEL }), query: () => 'threshold=0.3', expect: ADJUDICATORS() },
  'GET /api/runs/tables/:table': { params: () => ({ table: 'difficulty' }), query: () => 'format=latex', expect: ADJUDICATORS() },
  'GET /api/runs/tasks/:taskId': { params: () => ({ taskId: 'task_1' }), expect: ADJUDICATORS() },
  'POST /api/runs/tasks/:taskId/flag': { params: () => ({ taskId: 'task_1' }), body: () => ({ reason: 'no run finds the key question' }), expect: MAINTAINER() },

  'POST /api/pilot-studies': { body: (w) => ({ name: 'study-2', release: RELEASE, pilots: [w.users.pilot.username] }), expect: MAINTAINER(201) },
  'GET /api/pilot-studies': { expect: ADJUDICATORS() },
  'GET /api/pilot-studies/:study': { params: (w) => ({ study: w.pilot.study }), expect: ADJUDICATORS() },
  'GET /api/pilot-studies/:study/questions': { params: (w) => ({ study: w.pilot.study }), query: () => 'state=pending', expect: ADJUDICATORS() },
  'PUT /api/pilot-studies/:study/questions/:id/review': {
    params: (w) => ({ study: w.pilot.study, id: String(w.pilot.question) }),
    body: () => ({ version: 0, hit: false, note: 'not what the key question asks' }),
    expect: ADJUDICATORS(),
  },
  'GET /api/pilot/tasks': { expect: PILOT() },
  'GET /api/pilot/sessions/:id': { params: session, expect: PILOT() },
  'POST /api/pilot/sessions/:id/ready': { params: session, body: () => ({}), expect: PILOT() },
  'POST /api/pilot/sessions/:id/questions': { params: session, body: () => ({ question: 'Is the input sorted?' }), expect: PILOT(201) },
  'POST /api/pilot/sessions/:id/code': { params: session, body: () => ({}), expect: PILOT() },
  'PUT /api/pilot/sessions/:id/code': { params: session, body: () => ({ version: 0, code: 'print(1)', activeMs: 1000, pastes: 1 }), expect: PILOT() },
  'POST /api/pilot/sessions/:id/submit': { params: session, body: () => ({ version: 0, code: 'print(1)' }), expect: PILOT() },
  'GET /api/pilot/sessions/:id/tools': { params: session, expect: PILOT() },
  // The matrix's app has no code sandbox: a pilot passes the gate and is told Run is off (503).
  'POST /api/pilot/sessions/:id/run': { params: session, body: () => ({ code: 'print(1)', stdin: '' }), expect: PILOT(503) },
  // An after-submit study: Test is refused while coding (409) before the sandbox is asked.
  'POST /api/pilot/sessions/:id/test': { params: session, body: () => ({ code: 'print(1)' }), expect: PILOT(409) },
  'GET /api/pilot/sessions/:id/questionnaire': { params: session, expect: PILOT() },
  // The task's questionnaire opens once the task is submitted or skipped.
  'POST /api/pilot/sessions/:id/questionnaire': { params: session, body: () => ({ answers: { clarity: 4, confidence: 5 } }), expect: PILOT(409) },
  // Skip opens ten minutes after the task was opened.
  'POST /api/pilot/sessions/:id/skip': { params: session, body: () => ({ reason: 'stuck' }), expect: PILOT(409) },

  // No chat-completions endpoint is configured in this world: a maintainer passes the access check and
  // is told what to set (test/api/suggestionGenerate.test.ts starts jobs against a fake endpoint).
  'POST /api/suggestion-jobs': { body: (w) => ({ questionIds: [w.problems.shared.questionId] }), expect: MAINTAINER(400) },
  'GET /api/suggestion-jobs': { expect: MAINTAINER() },
  'GET /api/suggestion-policy': { expect: MAINTAINER() },
  'PUT /api/suggestion-policy': { body: () => ({ policy: 'off' }), expect: MAINTAINER() },
  'PUT /api/suggestion-policy/batches/:name': { params: () => ({ name: BATCH }), body: () => ({ policy: 'after-draft' }), expect: MAINTAINER() },
  'GET /api/suggestion-imports': { expect: MAINTAINER() },
  'GET /api/suggestion-jobs/:id': { params: (w) => ({ id: String(storedJob(w.db, w.problems.shared.id)) }), expect: MAINTAINER() },

  'POST /api/judge-audits': { body: () => ({ name: 'audit-2', model: RUN_MODEL, size: 1, seed: 7 }), expect: MAINTAINER(201) },
  'GET /api/judge-audits': { expect: MAINTAINER() },
  'GET /api/judge-audits/:name': { params: audit, expect: MAINTAINER() },
  'GET /api/judge-audit-queue': { expect: LABELLER() },
  'GET /api/judge-audits/:name/next': { params: audit, expect: LABELLER() },
  'GET /api/judge-audits/:name/mine': { params: audit, expect: LABELLER() },
  'PUT /api/judge-audits/:name/items/:id': { params: auditItem, body: () => ({ keyQuestion: 0 }), expect: LABELLER() },
  'DELETE /api/judge-audits/:name/items/:id': { params: auditItem, expect: LABELLER() },
};
