import { z } from 'zod';
import { runCodeBody, skipTaskBody, testCodeBody, type PilotToolsView, type RunCodeResult, type TestCodeResult } from '../schemas/pilotCode';
import type { PilotSessionView } from '../schemas/pilots';
import { answerQuestionnaireBody, questionnaireQuery, type QuestionnaireView } from '../pilots/questionnaires';
import { resource, type BodyOf } from './endpoint';
import { numericIdParam } from './params';

const PILOTS = ['pilot'] as const;
const oneSession = z.object({ id: numericIdParam });

/** The pilot's tools beside the editor (RealHumanEval's): Run, Test on the public tests, Skip. */
export const pilotCode = resource('pilotCode', (endpoint) => ({
  /** What the page offers now: whether the sandbox works (and why not), the study's test condition, when Skip opens. */
  tools: endpoint<PilotToolsView>()({ method: 'get', path: '/api/pilot/sessions/:id/tools', access: PILOTS, params: oneSession }),
  /** Run the code on the pilot's own input, in the sandbox. */
  run: endpoint<RunCodeResult>()({ method: 'post', path: '/api/pilot/sessions/:id/run', access: PILOTS, params: oneSession, body: runCodeBody }),
  /** Test on the problem's public tests (while coding only in a while-coding study; the submitted code after the submit). */
  test: endpoint<TestCodeResult>()({ method: 'post', path: '/api/pilot/sessions/:id/test', access: PILOTS, params: oneSession, body: testCodeBody }),
  /** Skip the task (offered after the study's minutes): it stays unfinished in the run, with the reason. */
  skip: endpoint<PilotSessionView>()({ method: 'post', path: '/api/pilot/sessions/:id/skip', access: PILOTS, params: oneSession, body: skipTaskBody, invalidates: ['runs'] }),
  /** A questionnaire (`?scope=task`, the default, or `study`): its questions, the pilot's answers, whether it is open. */
  questionnaire: endpoint<QuestionnaireView>()({ method: 'get', path: '/api/pilot/sessions/:id/questionnaire', access: PILOTS, params: oneSession, query: questionnaireQuery }),
  /** Answer a questionnaire once: every question, each within its scale. */
  answerQuestionnaire: endpoint<QuestionnaireView>()({ method: 'post', path: '/api/pilot/sessions/:id/questionnaire', access: PILOTS, params: oneSession, body: answerQuestionnaireBody }),
}));

/** The code to run and the pilot's own input (empty when not given). */
export type RunCodeRequest = BodyOf<typeof pilotCode.run>;
/** The code to test on the public tests (the saved code when not given). */
export type TestCodeRequest = BodyOf<typeof pilotCode.test>;
