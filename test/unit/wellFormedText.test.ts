import { describe, expect, it } from 'vitest';
import { loneSurrogateIssue } from '../../shared/schemas/wellFormed';

// Text with a lone UTF-16 surrogate cannot be stored as UTF-8; it is found with its field.
describe('loneSurrogateIssue', () => {
  it('accepts well-formed text, including astral characters (surrogate pairs)', () => {
    expect(loneSurrogateIssue({ a: 'plain', b: ['😀 ok', { c: '𝔸' }], n: 1, z: null, t: true })).toBeNull();
  });

  it('names the field of a lone high or low surrogate, at any depth', () => {
    expect(loneSurrogateIssue({ question: 'x\ud800y' })).toMatchObject({ path: 'question' });
    expect(loneSurrogateIssue({ points: [{ answer: 'ok' }, { answer: 'end\udc00' }] })).toMatchObject({ path: 'points[1].answer' });
    expect(loneSurrogateIssue(['\ud83d'])).toMatchObject({ path: '[0]' });
    expect(loneSurrogateIssue('\udfff\ud800')?.message).toMatch(/lone UTF-16 surrogate/);
  });

  it('checks object keys too', () => {
    expect(loneSurrogateIssue({ ok: { 'k\ud800': 1 } })).toMatchObject({ path: 'ok' });
  });

  it('walks deeply nested values without overflowing the stack', () => {
    let deep: unknown = 'a\ud800';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(loneSurrogateIssue(deep)).not.toBeNull();
  });
});
