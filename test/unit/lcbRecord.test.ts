import { describe, expect, it } from 'vitest';
import { formatImportIssue, lcbRecord as lcbSchema } from '../../shared/schemas/lcb';
import { parseLine } from '../../server/services/lcbFile';
import { lcbRecord } from '../support/lcb';

const line = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

describe('LiveCodeBench record schema', () => {
  it('accepts a record without private_test_cases or metadata and ignores unknown keys', () => {
    const parsed = lcbSchema.parse(lcbRecord({ metadata: undefined, extra_field: 42 }));
    expect(parsed).not.toHaveProperty('extra_field');
    expect(parsed.private_test_cases).toBeUndefined();
  });

  it('names the field of every problem', () => {
    const result = lcbSchema.safeParse(lcbRecord({ difficulty: 'trivial', public_test_cases: '[1, 2]', question_id: '' }));
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path.join('.'));
    expect(fields.sort()).toEqual(['difficulty', 'public_test_cases', 'question_id']);
  });

  it('requires metadata, when present, to be a JSON object string', () => {
    expect(lcbSchema.safeParse(lcbRecord({ metadata: '{"func_name": "f"}' })).success).toBe(true);
    expect(lcbSchema.safeParse(lcbRecord({ metadata: '[]' })).success).toBe(false);
    expect(lcbSchema.safeParse(lcbRecord({ metadata: 'not json' })).success).toBe(false);
  });

  it('formats issues as line N: field: message', () => {
    expect(formatImportIssue({ line: 3, field: 'difficulty', message: 'bad' })).toBe('line 3: difficulty: bad');
    expect(formatImportIssue({ line: 4, field: '', message: 'invalid UTF-8' })).toBe('line 4: invalid UTF-8');
  });
});

describe('parseLine', () => {
  it('keeps the hidden tests only as size and sha256', () => {
    const result = parseLine(1, line(lcbRecord({ private_test_cases: 'é'.repeat(10) })));
    expect(result && 'problem' in result).toBe(true);
    if (!result || !('problem' in result)) return;
    expect(result.problem.privateTestsBytes).toBe(20);
    expect(result.problem.privateTestsSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(result.problem)).not.toContain('éé');
  });

  it('computes the base text beside the statement', () => {
    const result = parseLine(1, line(lcbRecord({ question_content: 'Do X.\r\n\r\nInput  \r\nN\r\n\r\nSample Input 1\r\n\r\n3' })));
    if (!result || !('problem' in result)) throw new Error('expected a problem');
    expect(result.problem.baseText).toBe('Do X.\nInput\nN');
    expect(result.problem.statement).toContain('Sample Input 1');
  });

  it('strips a BOM on line 1 only', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const withBom = Buffer.concat([bom, line(lcbRecord())]);
    expect(parseLine(1, withBom)).toHaveProperty('problem');
    expect(parseLine(2, withBom)).toEqual({ issues: [expect.objectContaining({ line: 2, field: '', message: expect.stringMatching(/^invalid JSON/) })] });
  });

  it('reports invalid UTF-8, invalid JSON, non-objects and blank lines', () => {
    expect(parseLine(5, Buffer.from([0x7b, 0xff, 0x7d]))).toEqual({ issues: [{ line: 5, field: '', message: 'invalid UTF-8' }] });
    expect(parseLine(6, line('{"question_id": '))).toEqual({ issues: [expect.objectContaining({ line: 6, message: expect.stringMatching(/^invalid JSON/) })] });
    expect(parseLine(7, line('[1, 2]'))).toEqual({ issues: [expect.objectContaining({ line: 7, message: expect.stringContaining('JSON object') })] });
    expect(parseLine(8, line('   \t'))).toBeNull();
  });

  it('rejects a statement with nothing before its examples', () => {
    const result = parseLine(2, line(lcbRecord({ question_content: '\nSample Input 1\n\n3' })));
    expect(result).toEqual({ issues: [expect.objectContaining({ line: 2, field: 'question_content' })] });
  });

  it('gives the same record digest to the same content and a new one to changed content', () => {
    const record = lcbRecord();
    const a = parseLine(1, line(record));
    const b = parseLine(9, line(JSON.stringify(record, null, 0)));
    const c = parseLine(1, line({ ...record, question_title: 'Renamed' }));
    const sha = (r: typeof a) => (r && 'problem' in r ? r.problem.recordSha256 : '');
    expect(sha(a)).toBe(sha(b));
    expect(sha(a)).not.toBe(sha(c));
  });
});
