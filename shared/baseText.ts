/**
 * Base text (docs/architecture.md, "Domain model"): the statement annotators edit. Line ends become LF, trailing
 * spaces are trimmed, blank lines are dropped and the examples section is removed.
 * This reproduces the text the public ClarifyCodeBench release was cut from.
 */
const ATCODER_EXAMPLES = /^\s*Sample Input 1\s*$/;
// LeetCode statements put their examples before the constraints: drop only the examples.
const LEETCODE_EXAMPLE = /^\s*Example 1:?\s*$/;
const LEETCODE_CONSTRAINTS = /^\s*Constraints:?\s*$/;

export function normalizeBaseText(statement: string): string {
  const lines = statement.replace(/\r\n?/g, '\n').split('\n').map((line) => line.replace(/[ \t\u00a0]+$/u, ''));
  const kept: string[] = [];
  let inLeetCodeExamples = false;
  for (const line of lines) {
    if (ATCODER_EXAMPLES.test(line)) break;
    if (LEETCODE_EXAMPLE.test(line)) inLeetCodeExamples = true;
    if (inLeetCodeExamples && LEETCODE_CONSTRAINTS.test(line)) inLeetCodeExamples = false;
    if (inLeetCodeExamples || line.trim() === '') continue;
    kept.push(line);
  }
  return kept.join('\n');
}
