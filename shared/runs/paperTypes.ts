/**
 * The paper's RQ2 table: per model and ambiguity type (the 11 types in taxonomy order), the
 * key-question hit rate, TKQR, ORA and interactive pass@1 over the tasks with at least one key
 * question of that type. Hit rate and pass@1 in percent with one decimal, TKQR and ORA with two;
 * a type the model met no task of has its key-question count 0 and no figures.
 */
import { AMBIGUITY_TYPES } from '../taxonomy';
import type { RunTables } from './report';
import { fixed, type TextTable } from './tableFormats';

export type TypesRun = Pick<RunTables, 'per_type'> & { model: string };

export function typesTable(runs: readonly TypesRun[]): TextTable {
  return {
    labels: [
      { csv: 'model', latex: 'Model', text: 'Model' },
      { csv: 'type', latex: 'Type', text: 'Type' },
    ],
    figures: [
      { csv: 'key_questions', latex: 'Key questions', text: 'Key questions' },
      { csv: 'hit_rate_pct', latex: 'Hit rate (\\%)', text: 'Hit rate (%)' },
      { csv: 'tkqr', latex: 'TKQR', text: 'TKQR' },
      { csv: 'ora', latex: 'ORA', text: 'ORA' },
      { csv: 'pass1_pct', latex: 'pass@1 (\\%)', text: 'pass@1 (%)' },
    ],
    rows: runs.flatMap((r) =>
      AMBIGUITY_TYPES.map((type) => {
        const f = r.per_type[type];
        return { labels: [r.model, type], figures: [String(f?.key_questions ?? 0), fixed(f?.hit_rate, 1, 100), fixed(f?.tkqr, 2), fixed(f?.ora, 2), fixed(f?.pass1, 1, 100)] };
      }),
    ),
  };
}
