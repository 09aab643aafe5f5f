import { describe, expect, it } from 'vitest';
import { csvField, latexEscape, table3, table3Csv, table3Latex, table3Text, table4, table4Csv, table4Latex, table4Text, type PaperRun } from '../../shared/runs/paperTables';

const figures = (avg_turns: number, avg_diff: number) => ({ avg_turns, avg_diff });

/** Two runs: one with pass@1 on both settings, one (a name full of LaTeX specials) without. */
const RUNS: PaperRun[] = [
  { model: 'gpt-4o', pass1_complete: 0.5, pass1: 0.4225, tkqr: 0.30449, ora: 0.5, avg_turns: 2.5, avg_diff: -0.25, per_k: { '1': figures(2, 0), '2': figures(3, -0.5) } },
  { model: 'my_model & 100% {v2}', pass1_complete: null, pass1: null, tkqr: 0.1, ora: 0.004, avg_turns: 1, avg_diff: -1, per_k: { '1': figures(1, -0.001) } },
];

describe('Table 3', () => {
  it('gives Δ = interactive − complete, null unless both are there', () => {
    const rows = table3(RUNS);
    expect(rows[0]!.delta).toBeCloseTo(-0.0775, 12);
    expect(rows[1]).toEqual({ model: 'my_model & 100% {v2}', pass1_complete: null, pass1: null, delta: null, tkqr: 0.1, ora: 0.004 });
    expect(table3([{ ...RUNS[0]!, pass1: null }])[0]!.delta).toBeNull();
  });

  it('as CSV: percent with one decimal, scores with two, a missing figure an empty cell, names quoted when needed', () => {
    expect(table3Csv(table3([...RUNS, { ...RUNS[1]!, model: 'a,"b"' }]))).toBe(
      [
        'model,pass1_complete_pct,pass1_interactive_pct,delta_points,tkqr,ora',
        'gpt-4o,50.0,42.3,-7.8,0.30,0.50',
        'my_model & 100% {v2},,,,0.10,0.00',
        '"a,""b""",,,,0.10,0.00',
        '',
      ].join('\r\n'),
    );
  });

  it('as LaTeX: booktabs rules, escaped names, "--" for a missing figure, a real minus sign', () => {
    expect(table3Latex(table3(RUNS))).toBe(
      [
        '\\begin{tabular}{lrrrrr}',
        '\\toprule',
        'Model & pass@1 (complete) & pass@1 (interactive) & $\\Delta$ & TKQR & ORA \\\\',
        '\\midrule',
        'gpt-4o & 50.0 & 42.3 & $-$7.8 & 0.30 & 0.50 \\\\',
        'my\\_model \\& 100\\% \\{v2\\} & -- & -- & -- & 0.10 & 0.00 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '',
      ].join('\n'),
    );
  });

  it('on the page: the same cells, "—" where a figure is missing', () => {
    expect(table3(RUNS).map(table3Text)).toEqual([
      ['50.0', '42.3', '-7.8', '0.30', '0.50'],
      ['—', '—', '—', '0.10', '0.00'],
    ]);
  });
});

describe('Table 4', () => {
  it('has a column pair per K any run has, then all tasks; a K the run lacks is missing, never 0', () => {
    const t = table4(RUNS);
    expect(t.groups).toEqual(['1', '2', 'all']);
    expect(t.rows[1]!.cells).toEqual([figures(1, -0.001), { avg_turns: null, avg_diff: null }, figures(1, -1)]);
    expect(t.rows.map(table4Text)).toEqual([
      ['2.00', '0.00', '3.00', '-0.50', '2.50', '-0.25'],
      ['1.00', '0.00', '—', '—', '1.00', '-1.00'],
    ]);
  });

  it('as CSV', () => {
    expect(table4Csv(table4(RUNS))).toBe(
      ['model,K=1_avg_turns,K=1_avg_diff,K=2_avg_turns,K=2_avg_diff,all_avg_turns,all_avg_diff', 'gpt-4o,2.00,0.00,3.00,-0.50,2.50,-0.25', 'my_model & 100% {v2},1.00,0.00,,,1.00,-1.00', ''].join('\r\n'),
    );
  });

  it('as LaTeX, with a rule under each K', () => {
    expect(table4Latex(table4(RUNS))).toBe(
      [
        '\\begin{tabular}{lrrrrrr}',
        '\\toprule',
        ' & \\multicolumn{2}{c}{$K=1$} & \\multicolumn{2}{c}{$K=2$} & \\multicolumn{2}{c}{All} \\\\',
        '\\cmidrule(lr){2-3}\\cmidrule(lr){4-5}\\cmidrule(lr){6-7}',
        'Model & Turns & Diff & Turns & Diff & Turns & Diff \\\\',
        '\\midrule',
        'gpt-4o & 2.00 & 0.00 & 3.00 & $-$0.50 & 2.50 & $-$0.25 \\\\',
        'my\\_model \\& 100\\% \\{v2\\} & 1.00 & 0.00 & -- & -- & 1.00 & $-$1.00 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '',
      ].join('\n'),
    );
  });
});

describe('escaping', () => {
  it('escapes every LaTeX special character, the backslash once', () => {
    expect(latexEscape('a\\b&c%d$e#f_g{h}i~j^k')).toBe('a\\textbackslash{}b\\&c\\%d\\$e\\#f\\_g\\{h\\}i\\textasciitilde{}j\\textasciicircum{}k');
    expect(latexEscape('two\nlines')).toBe('two lines');
  });

  it('quotes a CSV field only when it must', () => {
    expect(csvField('plain-name')).toBe('plain-name');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});
