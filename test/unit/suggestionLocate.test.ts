import { describe, expect, it } from 'vitest';
import { buildPoints, locateSpan, validGeneratedPoints } from '../../shared/suggestions/locate';
import { answerJsonSchema, answerJsonText, modelAnswerSchema, promptMessages, PROMPT_VERSION } from '../../shared/suggestions/prompt';
import { AMBIGUITY_TYPES, TYPE_DEFINITIONS } from '../../shared/taxonomy';

const TEXT = 'Print the sum of A_i modulo 998244353.\nIf N is even, print the sum\nof the first half only.\nPrint Yes or No.';

const mp = (spans: string[], type = 'Behavior' as const) => ({ deleted_spans: spans, question: 'Which?', answer: 'This one.', type });

describe('locating a quoted span in the base text', () => {
  it('finds an exact quote', () => {
    const got = locateSpan(TEXT, 'modulo 998244353');
    expect(got).toEqual({ found: [TEXT.indexOf('modulo'), TEXT.indexOf('modulo') + 'modulo 998244353'.length], how: 'exact' });
  });

  it('tolerates other whitespace (a line break quoted as a space, doubled spaces, spaces around)', () => {
    const got = locateSpan(TEXT, '  print the sum  of the first ');
    const start = TEXT.indexOf('print the sum\nof');
    expect(got).toEqual({ found: [start, start + 'print the sum\nof the first'.length], how: 'whitespace' });
  });

  it('drops a quote that is not in the text, or only differs in letters', () => {
    expect(locateSpan(TEXT, 'modulo 1000000007')).toEqual({ found: null, why: 'not-found' });
    expect(locateSpan(TEXT, 'PRINT YES OR NO')).toEqual({ found: null, why: 'not-found' });
    expect(locateSpan(TEXT, '   ')).toEqual({ found: null, why: 'not-found' });
  });

  it('drops a quote found more than once, exactly or with whitespace tolerance', () => {
    expect(locateSpan(TEXT, 'the sum')).toEqual({ found: null, why: 'ambiguous' });
    const twice = 'a  b x a\nb';
    expect(locateSpan(twice, 'a b')).toEqual({ found: null, why: 'ambiguous' });
  });

  it('treats regular-expression characters in a quote as text', () => {
    const text = 'Output (a+b)*2 here.';
    expect(locateSpan(text, '(a+b)*2')).toMatchObject({ found: [7, 14] });
  });
});

describe('building points from the model answer', () => {
  it('keeps located spans as sorted ranges and counts what it drops', () => {
    const built = buildPoints(TEXT, [mp(['Print Yes or No.', 'modulo 998244353']), mp(['nowhere in the text']), mp(['the sum', 'of the first half only'])]);
    expect(built.points).toHaveLength(2);
    expect(built.points[0]!.deletions).toEqual([
      [TEXT.indexOf('modulo'), TEXT.indexOf('modulo') + 16],
      [TEXT.indexOf('Print Yes'), TEXT.length],
    ]);
    // 'nowhere…' not found (its point has no deletion left), 'the sum' ambiguous
    expect(built.droppedSpans).toBe(2);
    expect(built.droppedPoints).toBe(1);
    expect(validGeneratedPoints(TEXT, built.points)).toBe(true);
  });

  it('drops a span overlapping an earlier point’s deletion', () => {
    const built = buildPoints(TEXT, [mp(['modulo 998244353']), mp(['998244353.'])]);
    expect(built.points).toHaveLength(1);
    expect(built).toMatchObject({ droppedSpans: 1, droppedPoints: 1 });
  });

  it('refuses points that are not a valid suggestion', () => {
    expect(validGeneratedPoints(TEXT, [])).toBe(false);
    const outside = { deletions: [[0, TEXT.length + 5]] as [number, number][], repairs: [], question: 'q', answer: 'a', type: 'Units' as const };
    expect(validGeneratedPoints(TEXT, [outside])).toBe(false);
    const overlapping = [
      { ...outside, deletions: [[0, 10]] as [number, number][] },
      { ...outside, deletions: [[5, 12]] as [number, number][] },
    ];
    expect(validGeneratedPoints(TEXT, overlapping)).toBe(false);
  });
});

describe('the prompt', () => {
  it('names every type with its definition and carries a version', () => {
    const [system, user] = promptMessages(TEXT, true);
    for (const t of AMBIGUITY_TYPES) expect(system!.content).toContain(`${t}: ${TYPE_DEFINITIONS[t]}`);
    expect(user!.content).toContain(TEXT);
    expect(PROMPT_VERSION).toMatch(/^ccb-suggest-\d+$/);
    // without structured output the shape is spelled out
    expect(promptMessages(TEXT, false)[0]!.content).toContain('"deleted_spans"');
    expect(system!.content).not.toContain('"deleted_spans"');
  });

  it('has a JSON schema made from the zod schema, strict enough for structured output', () => {
    const schema = answerJsonSchema() as { type: string; required: string[]; additionalProperties: boolean; properties: { points: { maxItems: number; items: { required: string[]; properties: { type: { enum: string[] } } } } } };
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({ type: 'object', required: ['points'], additionalProperties: false });
    expect(schema.properties.points.maxItems).toBe(3);
    expect(schema.properties.points.items.required.sort()).toEqual(['answer', 'deleted_spans', 'question', 'type']);
    expect(schema.properties.points.items.properties.type.enum).toEqual([...AMBIGUITY_TYPES]);
  });

  it('reads an answer inside a code fence', () => {
    const fenced = '```json\n{"points": []}\n```';
    expect(modelAnswerSchema.parse(JSON.parse(answerJsonText(fenced)))).toEqual({ points: [] });
  });
});
