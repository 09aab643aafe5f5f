/** The public tests are judged as LiveCodeBench's grade_stdio judges (lcb_runner/evaluation/testing_util.py). */
import { describe, expect, it } from 'vitest';
import { parseDecimal, stdioMismatch, strippedLines } from '../../shared/pilots/judge';

describe('grade_stdio comparison', () => {
  it('strips the whole output and each line, so trailing spaces and blank lines around it do not count', () => {
    expect(strippedLines('\n  a b  \n c\n\n')).toEqual(['a b', 'c']);
    expect(stdioMismatch('6   \n\n', '6\n')).toBeNull();
    expect(stdioMismatch('  1 2\n3  ', '1 2\n3\n')).toBeNull();
  });

  it('compares lines of numbers as decimals: 1.0 is 1, 1e3 is 1000, -0 is 0, but 0.1 is not 0.10000001', () => {
    expect(stdioMismatch('1.0\n', '1\n')).toBeNull();
    expect(stdioMismatch('1e3 2.50', '1000 2.5')).toBeNull();
    expect(stdioMismatch('-0.0', '0')).toBeNull();
    expect(stdioMismatch('0.10000001', '0.1')).toBe('Wrong answer on line 1');
    expect(stdioMismatch('50000000000000001', '50000000000000000')).toBe('Wrong answer on line 1');
  });

  it('needs the same number of lines, and words equal where a line is not all numbers', () => {
    expect(stdioMismatch('1\n2', '1')).toBe('Wrong answer: 2 lines where 1 was expected');
    expect(stdioMismatch('Yes', 'YES')).toBe('Wrong answer on line 1');
    expect(stdioMismatch('1 2', '1  2')).toBeNull();
    expect(stdioMismatch('nan', 'nan')).toBeNull();
    expect(stdioMismatch('nan', 'NaN')).toBe('Wrong answer on line 1');
  });

  it("reads numbers as Python's Decimal does", () => {
    expect(parseDecimal('1_000')).toEqual(parseDecimal('1000'));
    expect(parseDecimal('.5')).toEqual(parseDecimal('0.50'));
    expect(parseDecimal('5.')).toEqual(parseDecimal('5'));
    expect(parseDecimal('Infinity')).toEqual(parseDecimal('inf'));
    for (const bad of ['', '.', '1,5', '0x10', '1__0', '_1', 'e5', '1/3']) expect(parseDecimal(bad)).toBeNull();
  });
});
