import { runs } from '../../../shared/api/runs';
import { route } from '../../http/route';
import { MAX_UPLOAD_BYTES, withUploadedFile } from '../../http/upload';
import { flagTask } from '../../services/runs/flag';
import { importRunFile } from '../../services/runs/importRun';
import { runJudgeCheck, runsCuration, runsReport, taskDetail, taskScores } from '../../services/runs/reports';
import { taskScoreList } from '../../services/runs/taskList';
import { paperTableFile } from '../../services/runs/paperTables';
import { MEDIA_TYPES } from '../../../shared/runs/paperTable';

export const runRoutes = [
  route(runs.import, ({ req, db, actor, query }) =>
    withUploadedFile(req, MAX_UPLOAD_BYTES, (file) =>
      importRunFile(db, file, { release: query.release }, actor, {
        model: query.model,
        replace: query.replace === '1' || query.replace === 'true',
        sourceName: query.name ?? 'upload.jsonl',
        judge: query.judge,
      }),
    ),
  ),
  route(runs.list, ({ db }) => runsReport(db)),
  route(runs.curation, ({ db }) => runsCuration(db)),
  route(runs.taskScoreList, ({ db, query }) => taskScoreList(db, query)),
  route(runs.taskScores, ({ db, params }) => taskScores(db, params.model)),
  route(runs.judgeCheck, ({ db, params, query }) => runJudgeCheck(db, params.model, query.threshold)),
  route(runs.table, ({ db, params, query, res }) => {
    const file = paperTableFile(db, params.table, query.format, query.release);
    res.setHeader('Content-Type', `${MEDIA_TYPES[query.format]}; charset=utf-8`);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.send(file.text);
  }),
  route(runs.task, ({ db, params, query }) => taskDetail(db, params.taskId, query.release)),
  route(runs.flag, ({ db, actor, params, body }) => flagTask(db, actor, params.taskId, body.reason, body.model)),
];
