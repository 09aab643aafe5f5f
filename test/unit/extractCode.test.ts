import { describe, expect, it } from 'vitest';
import { extractCode, finalCode } from '../../shared/runs/extractCode';
import { quickRunLine, runLineSchema, toRunRecord } from '../../shared/runs/runLine';

// [input, what the benchmark's extract_code (clarifycodebench/extract.py, commit 5e2d5b5) returns],
// the right-hand sides produced by running that Python function on the left-hand sides.
const PYTHON_CASES: [string, string][] = [
    ["", ""],
    ["print(1)", "print(1)"],
    ["[CODE]\nx = 1\n[/CODE]", "x = 1"],
    ["[CODE]\n  x = 1\n  ", "x = 1"],
    ["[CODE]\nx=1\n", "x=1"],
    ["text ```python\na=1\n``` then [CODE]b=2[/CODE]", "a=1"],
    ["[CODE]b=2[/CODE] then ```python\na=1\n```", "b=2"],
    ["```cpp\nint x;\n```\n```\nplain=1\n```", "plain=1"],
    ["```py\nz=3", "z=3"],
    ["```python   \nq=1\n```", "q=1"],
    ["```Python\nq=2\n```", "q=2"],
    ["def main():\n    pass\nif __name__ == '__main__':\n    main()\n", "def main():\n    pass\nmain()"],
    ["a\r\nb\rc\u000bd\fe\u001cf\u0085g\u2028h", "a\nb\nc\nd\ne\nf\ng\nh"],
    ["  \u00a0 [CODE] \u3000code\u3000 [/CODE]", "code"],
    ["\ufeffcode\ufeff", "\ufeffcode\ufeff"],
    ["[QUESTION]\nWhat is n?\n[/QUESTION]", "[QUESTION]\nWhat is n?\n[/QUESTION]"],
    ["```\nno newline close```", "no newline close"],
    ["x\n\n\n", "x"],
    ["[CODE]\nimport sys\n# if __name__ is not here\nprint(2)\n[/CODE]", "import sys\nmain()"],
    ["```python\na\n```python\nb\n```", "a"],
    ["``` python\nspaced\n```", "spaced"],
    ["```\n```", ""],
];

describe('extract_code, as the benchmark extracts code from a response', () => {
  it('gives what the Python gives: tags, fences, Python $ and splitlines, __main__ guards, Python strip', () => {
    for (const [input, expected] of PYTHON_CASES) expect(extractCode(input), JSON.stringify(input)).toBe(expected);
  });
});

describe('_final_code, which code a run record contributes to pass@1', () => {
  const question = '[QUESTION]\nWhich order?\n[/QUESTION]';
  it('takes a non-empty final_code as it is, without extraction', () => {
    expect(finalCode({ final_code: '  [CODE]x[/CODE]  ', response_contents: ['[CODE]y[/CODE]'] })).toBe('  [CODE]x[/CODE]  ');
  });
  it('else extracts from the last response, even when it is a question (an unfinished record)', () => {
    expect(finalCode({ final_code: '', response_contents: ['[CODE]a[/CODE]', question] })).toBe(question);
    expect(finalCode({ response_contents: [question, '[CODE]\nb = 2\n[/CODE]'], messages: [{ role: 'assistant', content: 'zzz' }] })).toBe('b = 2');
  });
  it('else from the last assistant message, of messages or (when messages is empty) response_history', () => {
    const messages = [{ role: 'assistant', content: '[CODE]m[/CODE]' }, { role: 'user', content: 'ok' }];
    expect(finalCode({ response_contents: [], messages })).toBe('m');
    expect(finalCode({ messages: [], response_history: [{ role: 'assistant', content: '```py\nh\n```' }, { role: 'user' }] })).toBe('h');
    expect(finalCode({ messages: [{ role: 'user', content: 'x' }] })).toBe('');
    expect(finalCode({})).toBe('');
  });
  it('is kept with the run record only when final_code is empty; response_history passes both readers of a line', () => {
    const line = { id: 'p', task_id: 't', response_contents: [], messages: [], response_history: [{ role: 'assistant', content: '[CODE]r[/CODE]' }] };
    expect(quickRunLine(line)).toEqual(runLineSchema.parse(line));
    const record = toRunRecord(runLineSchema.parse({ ...line, turns: 1 }));
    expect('record' in record && record.record.pass1Code).toBe('r');
    const withCode = toRunRecord(runLineSchema.parse({ ...line, turns: 1, final_code: 'print(1)' }));
    expect('record' in withCode && withCode.record.pass1Code).toBeNull();
  });
});
