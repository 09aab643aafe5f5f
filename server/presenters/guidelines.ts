import type { GuidelinesVersionRow } from '../../db/guidelines';
import { DELETION_RULES } from '../../shared/guidelines/rules';
import { GUIDELINE_TYPES } from '../../shared/guidelines/types';
import type { GuidelinesVersionSummary, GuidelinesView } from '../../shared/guidelines/view';
import type { GuidelinesState } from '../services/guidelines';

/** A version of the guidelines with the taxonomy's types and the deletion rules they explain. */
export function presentGuidelines({ row, currentVersion }: GuidelinesState): GuidelinesView {
  return {
    version: row.version,
    currentVersion,
    markdown: row.markdown,
    savedBy: row.saved_by_name,
    savedAt: row.saved_at,
    types: GUIDELINE_TYPES.map((t) => ({ name: t.name, anchor: t.anchor, definition: t.definition, example: { ...t.example } })),
    rules: DELETION_RULES.map((r) => ({ ...r })),
  };
}

export const presentGuidelinesVersion = (r: GuidelinesVersionRow): GuidelinesVersionSummary => ({ version: r.version, savedBy: r.saved_by_name, savedAt: r.saved_at, characters: r.characters });
