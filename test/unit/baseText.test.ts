import { describe, expect, it } from 'vitest';
import { normalizeBaseText } from '../../shared/baseText';

describe('normalizeBaseText', () => {
  it('turns CRLF and CR into LF and trims trailing spaces, tabs and no-break spaces', () => {
    expect(normalizeBaseText('a  \r\nb\t\rc\u00a0\nd')).toBe('a\nb\nc\nd');
  });

  it('keeps leading indentation and inner spaces', () => {
    expect(normalizeBaseText('  x  y\n- 1 \\leq N')).toBe('  x  y\n- 1 \\leq N');
  });

  it('drops blank and whitespace-only lines', () => {
    expect(normalizeBaseText('\n\nIntro\n\n   \nInput\n\n\nN\n')).toBe('Intro\nInput\nN');
  });

  it('removes the AtCoder examples section from "Sample Input 1" on', () => {
    const text = 'Task\nConstraints\n- 1 \\leq N\n\nSample Input 1\n\n5\nSample Output 1\n3';
    expect(normalizeBaseText(text)).toBe('Task\nConstraints\n- 1 \\leq N');
  });

  it('keeps text that merely mentions a sample', () => {
    expect(normalizeBaseText('See Sample Input 1 below.\nDone')).toBe('See Sample Input 1 below.\nDone');
  });

  it('drops LeetCode examples but keeps their constraints', () => {
    const text = 'Return the sum.\n\nExample 1:\n\nInput: nums = [1]\nOutput: 1\n\nExample 2:\nInput: []\n\nConstraints:\n\n1 <= n <= 10';
    expect(normalizeBaseText(text)).toBe('Return the sum.\nConstraints:\n1 <= n <= 10');
  });
});
