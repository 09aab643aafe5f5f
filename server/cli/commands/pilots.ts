/** `pilots create`, `pilots status` and `pilots export`: pilot studies from the command line. */
import { CLI_ACTOR } from '../../../db/events';
import { createStudyBody, studyName, type StudyDetail } from '../../../shared/schemas/pilots';
import { exportStudy } from '../../services/pilots/pilotRuns';
import { createStudy, studyDetail } from '../../services/pilots/studies';
import { CliError, dbOption, parse, withDb, type Command } from '../command';

function study(value: string | undefined): string {
  if (value === undefined) throw new CliError('name the study: --study NAME', 2);
  const parsed = studyName.safeParse(value);
  if (!parsed.success) throw new CliError(`--study: ${parsed.error.issues[0]!.message}`, 2);
  return parsed.data;
}

const number = (flag: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new CliError(`--${flag}: must be a number`, 2);
  return n;
};

const seconds = (s: number | null) => (s === null ? '—' : `${Math.round(s)} s`);

export function formatStudy(s: StudyDetail): string {
  const lines = [
    `study ${s.name} on release ${s.release}: ${s.tasks} tasks, ${s.pilots} pilots, ${s.pilotsPerTask} per task, max ${s.maxRounds} rounds, threshold ${s.threshold}` +
      (s.timeLimitMinutes === null ? '' : `, ${s.timeLimitMinutes} min per task`),
    `progress: ${s.progress.submitted}/${s.progress.sessions} sessions submitted, ${s.progress.started} started; ${s.progress.questions} questions, ${s.progress.reviewed} reviewed`,
    `live vs reviewed labels: ${s.agreement.n} reviewed, accuracy ${s.agreement.accuracy === null ? '—' : s.agreement.accuracy.toFixed(3)}, kappa ${s.agreement.kappa === null ? '—' : s.agreement.kappa.toFixed(3)}`,
    'pilot  run          submitted  time/task  to 1st question',
    ...(s.fromPublishedRelease ? [`drawn from a published release (allowed by the maintainer): a pilot could have looked the task texts up`] : []),
    ...s.pilotList.map((p) => `${p.alias.padEnd(6)} ${p.model.padEnd(12)} ${`${p.submitted}/${p.sessions}`.padEnd(10)} ${seconds(p.avgSecondsPerTask).padEnd(10)} ${seconds(p.avgSecondsToFirstQuestion)}`),
  ];
  if (s.keyReaders.excluded.length > 0) lines.push(`no tasks for ${s.keyReaders.excluded.join(', ')}: once held a role that reads key questions (let in with --allow-key-readers)`);
  if (s.keyReaders.allowed.length > 0) lines.push(`let in by the maintainer although they once held a role that reads key questions: ${s.keyReaders.allowed.join(', ')}`);
  if (s.shortfall.length > 0) lines.push(`${s.shortfall.length} task(s) got fewer pilots than asked (no eligible pilot left): ${s.shortfall.map((t) => `${t.taskId} (${t.assigned})`).join(', ')}`);
  return lines.join('\n');
}

export const pilotsCreateCommand: Command = {
  name: 'pilots create',
  usage: '--study NAME --release NAME --pilots A,B,… [--per-task N] [--max-rounds N] [--threshold T] [--time-limit MIN] [--tests after-submit|while-coding] [--skip-after MIN] [--sample N [--seed S]] [--allow-key-readers A,B,…] [--allow-published] [--json] [--db PATH]',
  summary: 'Create a pilot study on a stored release and assign its tasks to the pilots; the release must be unpublished unless --allow-published (recorded in the study).',
  run(argv, { print }) {
    const { values } = parse(
      argv,
      {
        ...dbOption,
        study: { type: 'string' },
        release: { type: 'string' },
        pilots: { type: 'string' },
        'per-task': { type: 'string' },
        'max-rounds': { type: 'string' },
        threshold: { type: 'string' },
        'time-limit': { type: 'string' },
        tests: { type: 'string' },
        'skip-after': { type: 'string' },
        sample: { type: 'string' },
        seed: { type: 'string' },
        'allow-key-readers': { type: 'string' },
        'allow-published': { type: 'boolean' },
        json: { type: 'boolean' },
      },
      false,
    );
    const sample = number('sample', values.sample);
    const names = (list: string | undefined) => (list ?? '').split(',').map((p) => p.trim()).filter((p) => p !== '');
    const parsed = createStudyBody.safeParse({
      name: study(values.study),
      release: values.release ?? '',
      pilots: names(values.pilots),
      allowKeyReaders: names(values['allow-key-readers']),
      allowPublished: values['allow-published'] === true,
      pilotsPerTask: number('per-task', values['per-task']),
      maxRounds: number('max-rounds', values['max-rounds']),
      threshold: number('threshold', values.threshold),
      timeLimitMinutes: number('time-limit', values['time-limit']),
      tests: values.tests,
      skipAfterMinutes: number('skip-after', values['skip-after']),
      tasks: sample === undefined ? { mode: 'all' } : { mode: 'sample', size: sample, seed: number('seed', values.seed) },
    });
    if (!parsed.success) throw new CliError(parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; '), 2);
    return withDb(values.db, { mustExist: true }, (db) => {
      const created = createStudy(db, CLI_ACTOR, parsed.data);
      print(values.json ? JSON.stringify(created, null, 2) : formatStudy(created));
      return 0;
    });
  },
};

export const pilotsStatusCommand: Command = {
  name: 'pilots status',
  usage: '--study NAME [--json] [--db PATH]',
  summary: "A pilot study's progress, its pilots (aliases) and the agreement of live and reviewed labels.",
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, study: { type: 'string' }, json: { type: 'boolean' } }, false);
    const name = study(values.study);
    return withDb(values.db, { mustExist: true }, (db) => {
      const detail = studyDetail(db, name, false);
      print(values.json ? JSON.stringify(detail, null, 2) : formatStudy(detail));
      return 0;
    });
  },
};

export const pilotsExportCommand: Command = {
  name: 'pilots export',
  usage: '--study NAME --out DIR [--db PATH]',
  summary: "One run-output JSONL per pilot (<alias>.jsonl) of the study's submitted sessions, as `runs import` and the benchmark's metrics read it.",
  run(argv, { print }) {
    const { values } = parse(argv, { ...dbOption, study: { type: 'string' }, out: { type: 'string' } }, false);
    const name = study(values.study);
    if (!values.out) throw new CliError('say where: --out DIR', 2);
    const out = values.out;
    return withDb(values.db, { mustExist: true }, (db) => {
      const result = exportStudy(db, name, out);
      if (result.files.length === 0) print(`study ${result.study}: no submitted session yet, nothing written`);
      for (const f of result.files) print(`${f.file}: ${f.tasks} task${f.tasks === 1 ? '' : 's'} (run human:${f.alias})`);
      return 0;
    });
  },
};
