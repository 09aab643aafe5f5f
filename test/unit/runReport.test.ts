import { describe, expect, it } from 'vitest';
import { curation, hitKeyQuestions, runTables, type ReleaseTask, type ScoredRecord } from '../../shared/runs/report';
import { runLineSchema, toRunRecord } from '../../shared/runs/runLine';

const task = (taskId: string, questionId: string, keys: [string, string | null][]): ReleaseTask => ({
  taskId,
  questionId,
  keyQuestions: keys.map(([question, type]) => ({ question, answer: 'a', type })),
});
const record = (taskId: string, k: number, tkqr: number, ora: number, hitQuestions: string[] = [], finished = true): ScoredRecord => ({
  taskId,
  k,
  finished,
  hitQuestions,
  tkqr,
  ora,
  turns: 1,
  diff: 1 - k,
});

describe('per K and per type', () => {
  const tasks = new Map(
    [
      task('t1', 'p1', [['Which order?', 'Ordering & Atomicity']]),
      task('t2', 'p1', [['Which order?', 'Ordering & Atomicity'], ['What  if empty?', 'Edge Cases']]),
      task('t3', 'p2', [['Why?', null], ['How?', 'Edge Cases']]),
    ].map((t) => [t.taskId, t]),
  );
  const records = [record('t1', 1, 1, 1, ['Which order?']), record('t2', 2, 0.5, 0.2, ['What if empty?'], false), record('t3', 2, 0, 0.4)];

  it('means per K, with unfinished records counted', () => {
    const t = runTables(records, tasks);
    expect(t.tasks).toBe(3);
    expect(t.unfinished).toBe(1);
    expect(t.per_k['1']).toEqual({ tasks: 1, tkqr: 1, ora: 1, avg_turns: 1, avg_diff: 0, pass1: null, pass1_complete: null });
    expect(t.per_k['2']).toMatchObject({ tasks: 2, tkqr: 0.25, avg_diff: -1 });
  });

  it('per type: hit rate over key questions (whitespace-normalised), TKQR/ORA over tasks holding the type, taxonomy order, unattributed last', () => {
    const t = runTables(records, tasks);
    expect(Object.keys(t.per_type)).toEqual(['Edge Cases', 'Ordering & Atomicity', 'unattributed']);
    expect(t.per_type['Ordering & Atomicity']).toEqual({ key_questions: 2, hit_rate: 0.5, tkqr: 0.75, ora: 0.6, pass1: null, pass1_complete: null });
    expect(t.per_type['Edge Cases']).toMatchObject({ key_questions: 2, hit_rate: 0.5, tkqr: 0.25 });
    expect(t.per_type.unattributed).toMatchObject({ key_questions: 1, hit_rate: 0, tkqr: 0 });
  });

  it('a task holding a type twice counts once in that type’s means', () => {
    const twice = new Map([['t', task('t', 'p', [['a?', 'Units'], ['b?', 'Units']])]]);
    expect(runTables([record('t', 2, 0.4, 0.6)], twice).per_type.Units).toEqual({ key_questions: 2, hit_rate: 0, tkqr: 0.4, ora: 0.6, pass1: null, pass1_complete: null });
  });

  it('matches hit questions to key questions after whitespace normalisation', () => {
    expect(hitKeyQuestions(tasks.get('t2')!, [' What if\nempty? '])).toEqual([false, true]);
  });
});

describe('curation', () => {
  it('counts each problem’s key question once across its tasks and runs', () => {
    const tasks = new Map(
      [task('t1', 'p1', [['Q1?', 'Units']]), task('t2', 'p1', [['Q1?', 'Units'], ['Q2?', 'Behavior']])].map((t) => [t.taskId, t]),
    );
    const c = curation([
      { model: 'a', tasks, records: [{ taskId: 't1', hitQuestions: ['Q1?'], anyHit: true }, { taskId: 't2', hitQuestions: [], anyHit: false }] },
      { model: 'b', tasks, records: [{ taskId: 't1', hitQuestions: [], anyHit: false }, { taskId: 't2', hitQuestions: [], anyHit: false }] },
    ]);
    expect(c.keyQuestions).toEqual([
      { questionId: 'p1', question: 'Q1?', type: 'Units', taskIds: ['t1', 't2'], runs: 2, hitBy: ['a'], humans: { runs: 0, hitBy: [] }, models: { runs: 2, hitBy: ['a'] } },
      { questionId: 'p1', question: 'Q2?', type: 'Behavior', taskIds: ['t2'], runs: 2, hitBy: [], humans: { runs: 0, hitBy: [] }, models: { runs: 2, hitBy: [] } },
    ]);
    expect(c.neverAsked.map((k) => k.question)).toEqual(['Q2?']);
    expect(c.noHitTasks).toEqual([{ taskId: 't2', questionId: 'p1', runs: 2 }]);
  });

  it('counts pilots’ runs apart from the models’, and lists what pilots never asked', () => {
    const tasks = new Map([task('t2', 'p1', [['Q1?', 'Units'], ['Q2?', 'Behavior']])].map((t) => [t.taskId, t]));
    const c = curation([
      { model: 'm', tasks, records: [{ taskId: 't2', hitQuestions: ['Q2?'], anyHit: true }] },
      { model: 'human:P01', human: true, tasks, records: [{ taskId: 't2', hitQuestions: ['Q1?'], anyHit: true }] },
    ]);
    expect(c.keyQuestions.map((k) => [k.question, k.humans, k.models])).toEqual([
      ['Q1?', { runs: 1, hitBy: ['human:P01'] }, { runs: 1, hitBy: [] }],
      ['Q2?', { runs: 1, hitBy: [] }, { runs: 1, hitBy: ['m'] }],
    ]);
    expect(c.neverAskedByHumans?.map((k) => k.question)).toEqual(['Q2?']);
    expect(c.neverAsked).toEqual([]);
  });
});

describe('run lines', () => {
  const base = { id: 'p', task_id: 't', key_question_num: 1, response_contents: ['[QUESTION] q [/QUESTION]', '[CODE]x[/CODE]'], hit_dict: { '0': 1 } };
  const problems = (line: object) => {
    const parsed = runLineSchema.parse(line);
    const r = toRunRecord(parsed);
    return 'problems' in r ? r.problems.map((p) => `${p.field}: ${p.message}`) : [];
  };

  it('accepts a record, with K and turns from their fallbacks', () => {
    const r = toRunRecord(runLineSchema.parse({ ...base, key_question_num: undefined, qa_pairs: [{}, {}] }));
    expect(r).toMatchObject({ record: { k: 2, turnsTotal: 2, finished: true } });
  });

  it('refuses hit_dict keys that are not turn indexes of the record, and a record without responses', () => {
    expect(problems({ ...base, hit_dict: { '01': 1, '-1': 0, '2': 0 } }).sort()).toEqual([
      'hit_dict.-1: keys must be turn indexes (0, 1, 2, …)',
      'hit_dict.01: keys must be turn indexes (0, 1, 2, …)',
      'hit_dict.2: turn 2 does not exist: the record has 2 turns',
    ]);
    expect(problems({ ...base, response_contents: [], hit_dict: {} })).toEqual(['turns: a run record has at least one model response (the final code turn)']);
  });

  it('refuses negative turns and labels other than 0/1 in the schema', () => {
    expect(runLineSchema.safeParse({ ...base, turns: -1 }).success).toBe(false);
    expect(runLineSchema.safeParse({ ...base, hit_dict: { '0': 2 } }).success).toBe(false);
  });
});
