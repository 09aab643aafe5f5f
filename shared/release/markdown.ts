/** Small Markdown helpers of the data card. */
/** A share as a percentage with one decimal; a dash when there is nothing to share. */
export const pct = (n: number, of: number) => (of === 0 ? '–' : `${((n / of) * 100).toFixed(1)}%`);
/** A Markdown table. */
export const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
