import { describe, expect, it } from 'vitest';
import { jsonSyntaxError } from '../../shared/jsonSyntax';

describe('where a text stops being JSON', () => {
  it('is null for JSON, whatever JSON.parse accepts', () => {
    for (const text of ['[]', ' {"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"], "b": {}}\n', '"s"', '0']) {
      expect(JSON.parse(text)).toBeDefined();
      expect(jsonSyntaxError(text), text).toBeNull();
    }
  });

  it('names the line and column of the first character that breaks it', () => {
    expect(jsonSyntaxError('[\n  {"a": 1,\n   "b": [}\n]')).toEqual({ line: 3, column: 10 });
    expect(jsonSyntaxError('[1,\n')).toEqual({ line: 2, column: 1 });
    expect(jsonSyntaxError('{"a" 1}')).toEqual({ line: 1, column: 6 });
    expect(jsonSyntaxError('[01]')).toEqual({ line: 1, column: 3 });
    expect(jsonSyntaxError('["tab\there"]')).toEqual({ line: 1, column: 2 });
    expect(jsonSyntaxError('[1] x')).toEqual({ line: 1, column: 5 });
    expect(jsonSyntaxError('')).toEqual({ line: 1, column: 1 });
  });
});
