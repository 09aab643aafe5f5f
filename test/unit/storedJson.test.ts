import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeAnyJson, decodeJson, decodeList, decodeNullableJson, decodeVerbatim, stringList } from '../../db/storedJson';

// Stored JSON columns are decoded at one boundary, repaired as the stored points are: never thrown at a reader.
describe('decoding a stored JSON column', () => {
  const shape = z.object({ mode: z.enum(['all', 'sample']) });

  it('reads good data as it was written', () => {
    expect(decodeJson('{"mode":"sample"}', shape, { mode: 'all' })).toEqual({ mode: 'sample' });
    expect(decodeList('["a","b"]', z.string())).toEqual(['a', 'b']);
    expect(decodeNullableJson(null, stringList, [])).toBeNull();
    expect(decodeAnyJson('{"b":1,"a":[2]}')).toEqual({ b: 1, a: [2] });
  });

  it('reads text that is not JSON, or JSON of the wrong shape, as the fallback', () => {
    expect(decodeJson('not json', shape, { mode: 'all' })).toEqual({ mode: 'all' });
    expect(decodeJson('{"mode":"some"}', shape, { mode: 'all' })).toEqual({ mode: 'all' });
    expect(decodeNullableJson('[1]', stringList, null)).toBeNull();
    expect(decodeAnyJson('{oops')).toBeNull();
  });

  it('keeps the elements of a list that fit and drops the rest', () => {
    expect(decodeList('["a",2,"c"]', z.string())).toEqual(['a', 'c']);
    expect(decodeList('{"a":1}', z.string())).toEqual([]);
  });

  it('returns a verbatim value as stored, key order and all, when the schema accepts it', () => {
    const loose = z.object({ a: z.number() });
    const value = decodeVerbatim('{"z":true,"a":1}', loose, { a: 0 });
    expect(JSON.stringify(value)).toBe('{"z":true,"a":1}');
    expect(decodeVerbatim('{"a":"x"}', loose, { a: 0 })).toEqual({ a: 0 });
  });
});

describe('the plain checks that let good run columns skip zod', () => {
  it('accept exactly what their schemas accept', async () => {
    const { isStringList } = await import('../../db/storedJson');
    const samples: unknown[] = [[], ['a'], ['a', 1], [null], 'a', {}, null, [['a']]];
    for (const s of samples) expect(isStringList(s)).toBe(stringList.safeParse(s).success);
    const { hitDictOf } = await import('../../db/runs');
    expect(hitDictOf('{"0":1,"1":0}')).toEqual({ 0: 1, 1: 0 });
    for (const bad of ['{"0":"1"}', '[1]', 'null', 'nope']) expect(hitDictOf(bad)).toEqual({});
  });

  it('read a release task’s key questions as zod would: extra fields dropped, broken entries dropped, good ones as stored', async () => {
    const { keyQuestionsOf } = await import('../../db/runs');
    const good = [{ question: 'Which base?', answer: 'Ten.', type: 'Scope' }, { answer: 'No.', question: 'Sorted?', type: null }];
    expect(keyQuestionsOf(JSON.stringify(good))).toEqual(good);
    expect(keyQuestionsOf(JSON.stringify([{ ...good[0], note: 'x' }]))).toEqual([good[0]]);
    expect(JSON.stringify(keyQuestionsOf(JSON.stringify([{ ...good[0], note: 'x' }])))).toBe(JSON.stringify([good[0]]));
    expect(keyQuestionsOf(JSON.stringify([good[1], { question: 'Q', answer: 2, type: null }, { question: 'Q', answer: 'A' }]))).toEqual([good[1]]);
    expect(keyQuestionsOf('{"question":"Q"}')).toEqual([]);
    expect(keyQuestionsOf('oops')).toEqual([]);
  });
});
