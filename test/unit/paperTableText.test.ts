import { describe, expect, it } from 'vitest';
import { failureBreakdown, hitsByK } from '../../shared/runs/breakdowns';
import { emptyFailureTally, failureCategory, type FailureTally } from '../../shared/runs/failures';
import { difficultyCells } from '../../shared/runs/paperDifficulty';
import { paperTableFileName, paperTableText, releasesOf, type PaperTableRun } from '../../shared/runs/paperTable';
import { latexEscape, markdownEscape } from '../../shared/runs/tableFormats';

const verdict = (errorCode: number | null, errorMessage: string | null, hasMetadata = true) => ({ passed: false, errorCode, errorMessage, hasMetadata });

describe('failing codes by category', () => {
  it("follows LiveCodeBench's error codes, tells a syntax error by its message, and calls anything without metadata unknown", () => {
    expect(failureCategory({ ...verdict(null, null), passed: true })).toBeNull();
    expect(failureCategory(verdict(-2, 'Wrong Answer'))).toBe('wrong_answer');
    expect(failureCategory(verdict(-3, 'Time Limit Exceeded'))).toBe('time_limit_exceeded');
    expect(failureCategory(verdict(-4, 'Runtime Error'))).toBe('runtime_error');
    expect(failureCategory(verdict(-4, 'Error during testing: invalid syntax (<string>, line 3)'))).toBe('syntax_error');
    expect(failureCategory(verdict(-4, "Error during testing: SyntaxError('unterminated string')"))).toBe('syntax_error');
    expect(failureCategory(verdict(-5, 'TestRunnerError'))).toBe('test_runner_error');
    // A -2 whose message happens to mention syntax is still a wrong answer; only -4 is read for it.
    expect(failureCategory(verdict(-2, 'invalid syntax'))).toBe('wrong_answer');
    expect(failureCategory(verdict(-1, 'global timeout'))).toBe('unknown');
    expect(failureCategory(verdict(-2, 'Wrong Answer', false))).toBe('unknown');
  });

  it('counts a type once per task, and an ungraded task nowhere', () => {
    const order = (t: string) => ['Units', 'Behavior'].indexOf(t);
    const b = failureBreakdown(
      [
        { k: 2, hits: 0, types: ['Behavior', 'Units'], pass1: false, failure: 'runtime_error' },
        { k: 1, hits: 1, types: ['Units'], pass1: true, failure: null },
        { k: 1, hits: 0, types: ['Units'], pass1: null },
        { k: 1, hits: 0, types: ['Units'], pass1: false },
      ],
      order,
    );
    const tally = (graded: number, failing: number, counts: Partial<FailureTally['categories']>): FailureTally => ({ graded, failing, categories: { ...emptyFailureTally().categories, ...counts } });
    expect(b.all).toEqual(tally(3, 2, { runtime_error: 1, unknown: 1 }));
    expect(Object.keys(b.per_type)).toEqual(['Units', 'Behavior']);
    expect(b.per_type.Units).toEqual(tally(3, 2, { runtime_error: 1, unknown: 1 }));
    expect(b.per_k['1']).toEqual(tally(2, 1, { unknown: 1 }));
  });
});

describe('D_K–H_h', () => {
  it('counts tasks per K by key questions hit, and gives no share for a K without tasks', () => {
    const counts = hitsByK([
      { k: 1, hits: 1, types: [] },
      { k: 1, hits: 0, types: [] },
      { k: 1, hits: 1, types: [] },
      { k: 3, hits: 2, types: [] },
    ]);
    expect(counts).toEqual({ '1': [1, 2], '3': [0, 0, 1, 0] });
    const cells = difficultyCells({ model: 'm', hits_by_k: counts });
    expect(cells.map((c) => [c.k, c.h, c.tasks, c.share])).toEqual([
      [1, 0, 3, 1 / 3],
      [1, 1, 3, 2 / 3],
      [2, 0, 0, null],
      [2, 1, 0, null],
      [2, 2, 0, null],
      [3, 0, 1, 0],
      [3, 1, 1, 0],
      [3, 2, 1, 1],
      [3, 3, 1, 0],
    ]);
  });
});

/** A run whose name holds every LaTeX special character, with no figures at all. */
const SPECIAL = 'a\\b&c%d$e#f_g{h}i~j^k';
const empty: PaperTableRun = {
  model: SPECIAL,
  tkqr: null,
  ora: null,
  pass1: null,
  pass1_complete: null,
  avg_turns: null,
  avg_diff: null,
  per_k: {},
  per_type: {},
  hits_by_k: {},
  failures: { all: emptyFailureTally(), per_k: {}, per_type: {} },
};
const ESCAPED = 'a\\textbackslash{}b\\&c\\%d\\$e\\#f\\_g\\{h\\}i\\textasciitilde{}j\\textasciicircum{}k';

describe('every table as text', () => {
  it('escapes every LaTeX special character of a model name, in every table', () => {
    expect(latexEscape(SPECIAL)).toBe(ESCAPED);
    for (const table of ['3', '4', 'types', 'difficulty', 'errors'] as const) {
      const text = paperTableText(table, 'latex', [empty]);
      expect(text, table).toContain(`\n${ESCAPED} & `);
      expect(text, table).toMatch(/^\\begin\{tabular\}\{l+r+\}\n\\toprule\n[^]*\\midrule\n[^]*\\bottomrule\n\\end\{tabular\}\n$/);
    }
    expect(paperTableText('types', 'latex', [empty])).toContain(`${ESCAPED} & Indices \\& Ranges & 0 & -- & -- & -- & -- \\\\`);
  });

  it('writes Markdown pipe tables with the name escaped and "—" for a missing figure', () => {
    expect(markdownEscape('a|b_c*d')).toBe('a\\|b\\_c\\*d');
    expect(paperTableText('difficulty', 'markdown', [{ ...empty, model: 'm|1' }]).split('\n')).toEqual([
      '| Model | K = 1 tasks | D1-H0 | D1-H1 | K = 2 tasks | D2-H0 | D2-H1 | D2-H2 | K = 3 tasks | D3-H0 | D3-H1 | D3-H2 | D3-H3 |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      '| m\\|1 | 0 | — | — | 0 | — | — | — | 0 | — | — | — | — |',
      '',
    ]);
  });

  it('names the files after the table and the release, and takes the release with most runs first', () => {
    expect(paperTableFileName('3', 'csv', 'v1 final')).toBe('table3-v1_final.csv');
    expect(paperTableFileName('difficulty', 'latex', 'v1')).toBe('table-difficulty-v1.tex');
    expect(paperTableFileName('errors', 'markdown', 'v1')).toBe('table-errors-v1.md');
    const run = (release: string) => ({ release, release_sha256: release.repeat(2) });
    expect(releasesOf([run('a'), run('b'), run('b')]).map((r) => [r.name, r.runs])).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
  });
});
