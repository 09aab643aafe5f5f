import { describe, expect, it } from 'vitest';
import { MAX_POINTS, MAX_REPAIR_LENGTH, REPAIR_REACH, validatePoints } from '../../shared/edits';
import { DELETION_RULES } from '../../shared/guidelines/rules';
import { GUIDELINE_TYPES, typeAnchor } from '../../shared/guidelines/types';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS } from '../../shared/taxonomy';

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];

describe('the guidelines content', () => {
  it('has the 11 types in the taxonomy order, each with its definition and a distinct anchor', () => {
    expect(GUIDELINE_TYPES.map((t) => t.name)).toEqual([...AMBIGUITY_TYPES]);
    for (const t of GUIDELINE_TYPES) expect(t.definition).toBe(TYPE_DEFINITIONS[t.name]);
    expect(new Set(GUIDELINE_TYPES.map((t) => t.anchor)).size).toBe(11);
    expect(typeAnchor('String & Localization')).toBe('type-string-localization');
    expect(GUIDELINE_TYPES.every((t) => /^type-[a-z0-9]+(-[a-z0-9]+)*$/.test(t.anchor))).toBe(true);
  });

  for (const t of GUIDELINE_TYPES) {
    it(`${t.name}: the example deletes a span of its sentence, and its answer is drawn from that span`, () => {
      const { text, deleted, question, answer } = t.example;
      const at = text.indexOf(deleted);
      expect(at, 'the deleted span is part of the sentence').toBeGreaterThanOrEqual(0);
      expect(question.trim().endsWith('?')).toBe(true);
      const span = new Set(words(deleted));
      const missing = words(answer).filter((w) => !span.has(w));
      expect(missing, 'answer words not in the deleted span').toEqual([]);
      // The example passes the same submit rules as an annotation would.
      const point = { deletions: [[at, at + deleted.length] as [number, number]], repairs: [], question, answer, type: t.name };
      expect(validatePoints(text, [point], 'submit')).toEqual([]);
    });
  }

  it('states the deletion rules with the numbers the check enforces', () => {
    const all = DELETION_RULES.map((r) => `${r.title} ${r.text}`).join('\n');
    expect(all).toContain(`1 to ${MAX_POINTS} points`);
    expect(all).toContain(`at most ${MAX_REPAIR_LENGTH} characters`);
    expect(all).toContain(`within ${REPAIR_REACH} characters of a deletion`);
    expect(all).toMatch(/answer .*drawn from the deleted text/);
  });
});
