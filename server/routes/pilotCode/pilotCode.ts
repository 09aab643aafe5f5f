/** Run, Test and Skip in the pilot's editor: the endpoints of shared/api/pilotCode.ts. */
import { pilotCode } from '../../../shared/api/pilotCode';
import { routesOf } from '../../http/route';
import { pilotTools, runCode, testCode } from '../../services/pilots/codeTools';
import { answerQuestionnaire, questionnaire } from '../../services/pilots/questionnaires';
import { skipTask } from '../../services/pilots/skip';
import { sandboxOf } from '../../services/sandbox/registry';

export const pilotCodeRoutes = routesOf(pilotCode, {
  tools: ({ req, db, user, params }) => pilotTools(db, sandboxOf(req.app), user.id, params.id),
  run: ({ req, db, user, params, body }) => runCode(db, sandboxOf(req.app), user.id, params.id, body),
  test: ({ req, db, user, params, body }) => testCode(db, sandboxOf(req.app), user.id, params.id, body),
  questionnaire: ({ db, user, params, query }) => questionnaire(db, user.id, params.id, query.scope),
  answerQuestionnaire: ({ db, actor, user, params, body }) => answerQuestionnaire(db, actor, user.id, params.id, body.scope, body.answers),
  skip: ({ db, actor, user, params, body }) => skipTask(db, actor, user.id, params.id, body.reason),
});
