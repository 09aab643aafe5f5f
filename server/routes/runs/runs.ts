import { runs } from '../../../shared/api/runs';
import { routesOf } from '../../http/route';
import { MAX_UPLOAD_BYTES, withUploadedFile } from '../../http/upload';
import { flagTask } from '../../services/runs/flag';
import { importRunFile } from '../../services/runs/importRun';
import { runJudgeCheck, runsCuration, runsReport, taskDetail, taskScores } from '../../services/runs/reports';
import { taskScoreList } from '../../services/runs/taskList';
import { paperTableFile } from '../../services/runs/paperTables';
import { MEDIA_TYPES } from '../../../shared/runs/paperTable';

export const runRoutes = routesOf(runs, {
  import: ({ req, db, actor, query }) =>
    withUploadedFile(req, MAX_UPLOAD_BYTES, (file) =>
      importRunFile(db, file, { release: query.release }, actor, {
        model: query.model,
        replace: query.replace === '1' || query.replace === 'true',
        sourceName: query.name ?? 'upload.jsonl',
        judge: query.judge,
      }),
    ),
  list: ({ db }) => runsReport(db),
  curation: ({ db }) => runsCuration(db),
  taskScoreList: ({ db, query }) => taskScoreList(db, query),
  taskScores: ({ db, params }) => taskScores(db, params.model),
  judgeCheck: ({ db, params, query }) => runJudgeCheck(db, params.model, query.threshold),
  table: ({ db, params, query, res }) => {
    const file = paperTableFile(db, params.table, query.format, query.release);
    res.setHeader('Content-Type', `${MEDIA_TYPES[query.format]}; charset=utf-8`);
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.send(file.text);
  },
  task: ({ db, params, query }) => taskDetail(db, params.taskId, query.release),
  flag: ({ db, actor, params, body }) => flagTask(db, actor, params.taskId, body.reason, body.model),
});
