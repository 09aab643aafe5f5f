/**
 * Where a JSON text stops being JSON, as line and column: JSON.parse says what is wrong but (in
 * this Node) often not where. Only called once JSON.parse has failed, so it favours plainness.
 */

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// No raw control character (U+0000–U+001F) may stand in a string.
const CONTROL = '\\u0000-\\u001f';
const STRING = new RegExp(`"(?:[^"\\\\${CONTROL}]|\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4}))*"`, 'y');
const WHITESPACE = /[ \t\n\r]*/y;

class Scanner {
  constructor(
    private readonly text: string,
    public at = 0,
  ) {}

  private match(re: RegExp): boolean {
    re.lastIndex = this.at;
    const m = re.exec(this.text);
    if (!m) return false;
    this.at += m[0].length;
    return true;
  }

  space(): void {
    this.match(WHITESPACE);
  }

  /** Consume one value; false (with `at` on the offending character) when there is none. */
  value(): boolean {
    this.space();
    const c = this.text[this.at];
    if (c === '{') return this.sequence('}', () => this.string() && this.colon() && this.value());
    if (c === '[') return this.sequence(']', () => this.value());
    if (c === '"') return this.string();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return true;
      }
    }
    return this.match(NUMBER);
  }

  private string(): boolean {
    this.space();
    return this.match(STRING);
  }

  private colon(): boolean {
    this.space();
    if (this.text[this.at] !== ':') return false;
    this.at++;
    return true;
  }

  /** `{ member, … }` or `[ value, … ]`, with `at` on the opening bracket. */
  private sequence(close: string, member: () => boolean): boolean {
    this.at++;
    this.space();
    if (this.text[this.at] === close) {
      this.at++;
      return true;
    }
    for (;;) {
      if (!member()) return false;
      this.space();
      const c = this.text[this.at];
      this.at++;
      if (c === close) return true;
      if (c !== ',') {
        this.at--;
        return false;
      }
    }
  }
}

/** The 1-based line and column of the first character that breaks the JSON, or null when the text is JSON. */
export function jsonSyntaxError(text: string): { line: number; column: number } | null {
  const s = new Scanner(text);
  const ok = s.value();
  if (ok) s.space();
  if (ok && s.at === text.length) return null;
  const before = text.slice(0, s.at);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: s.at - lineStart + 1 };
}
