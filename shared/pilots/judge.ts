/**
 * How a pilot's output is judged on a public test: as LiveCodeBench's `grade_stdio` judges it.
 * Both texts are stripped and split into lines, each line stripped; the line counts must agree;
 * a line passes when it is equal, or when both lines are whitespace-separated numbers that are
 * equal as decimals (so `1.0` passes for `1`, `1e3` for `1000`, but `0.3333` never for `1/3`).
 */

/** Python's str.strip() then split('\n'), each line stripped. */
export function strippedLines(text: string): string[] {
  return text.trim().split('\n').map((l) => l.trim());
}

/** A number as Python's Decimal reads it, in a form where equal values are equal: sign, digits, exponent. */
interface DecimalValue {
  kind: 'finite' | 'inf' | 'nan';
  negative: boolean;
  digits: string;
  exponent: number;
}

const FINITE = /^([+-])?(\d(?:_?\d)*)?(?:\.(\d(?:_?\d)*)?)?(?:[eE]([+-]?\d(?:_?\d)*))?$/;

/** Python's Decimal(text), or null where it raises (Decimal accepts `_` between digits, `inf`, `nan`). */
export function parseDecimal(text: string): DecimalValue | null {
  const special = /^([+-])?(inf|infinity|s?nan\d*)$/i.exec(text);
  if (special) return { kind: /nan/i.test(special[2]!) ? 'nan' : 'inf', negative: special[1] === '-', digits: '', exponent: 0 };
  const m = FINITE.exec(text);
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  const whole = (m[2] ?? '').replace(/_/g, '');
  const fraction = (m[3] ?? '').replace(/_/g, '');
  let digits = (whole + fraction).replace(/^0+/, '');
  let exponent = Number((m[4] ?? '0').replace(/_/g, '')) - fraction.length;
  const trailing = /0*$/.exec(digits)![0].length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  if (digits === '') return { kind: 'finite', negative: false, digits: '', exponent: 0 };
  return { kind: 'finite', negative: m[1] === '-', digits, exponent };
}

function sameDecimal(a: DecimalValue, b: DecimalValue): boolean {
  if (a.kind === 'nan' || b.kind === 'nan') return false;
  return a.kind === b.kind && a.negative === b.negative && a.digits === b.digits && a.exponent === b.exponent;
}

/** Python's line.split(): runs of whitespace separate, none at the ends. */
const words = (line: string) => line.split(/\s+/).filter((w) => w !== '');

function numbersEqual(got: string, expected: string): boolean {
  const a = words(got).map(parseDecimal);
  const b = words(expected).map(parseDecimal);
  if (a.some((x) => x === null) || b.some((x) => x === null) || a.length !== b.length) return false;
  return a.every((x, i) => sameDecimal(x!, b[i]!));
}

/** Why the output fails the test, or null when it passes. */
export function stdioMismatch(got: string, expected: string): string | null {
  const g = strippedLines(got);
  const e = strippedLines(expected);
  if (g.length !== e.length) return `Wrong answer: ${g.length} line${g.length === 1 ? '' : 's'} where ${e.length} ${e.length === 1 ? 'was' : 'were'} expected`;
  for (let i = 0; i < e.length; i++) {
    if (g[i] === e[i] || numbersEqual(g[i]!, e[i]!)) continue;
    return `Wrong answer on line ${i + 1}`;
  }
  return null;
}
