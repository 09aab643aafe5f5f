/**
 * The raw text of one member of a JSON object, cut from the line it was parsed from: a run
 * import stores a record's dialogue as the file wrote it instead of serialising the parsed
 * value again (JSON.stringify of every dialogue was a third of the import's time).
 *
 * Only for text JSON.parse has already accepted as an object: the scan trusts the syntax and
 * only walks the top level, skipping strings with indexOf. As JSON.parse does, the last of
 * duplicate keys wins; a key written with escapes is decoded before it is compared.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The index of the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

function skipSpace(text: string, i: number): number {
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index just past the value that starts at `start`. */
function valueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return stringEnd(text, start) + 1;
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (let i = start; ; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) i = stringEnd(text, i);
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (--depth === 0) return i + 1;
      }
    }
  }
  // A number, true, false or null: up to the next separator.
  let i = start;
  for (let c = text.charCodeAt(i); c === c && c !== 0x2c && c !== 0x7d && c !== 0x5d && !isSpace(c); c = text.charCodeAt(++i));
  return i;
}

/**
 * The raw JSON text of the top-level member `key` of the object `text` (which JSON.parse has
 * accepted), or undefined when the object has no such member.
 */
export function memberText(text: string, key: string): string | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  i = skipSpace(text, i + 1);
  let found: string | undefined;
  while (text.charCodeAt(i) === QUOTE) {
    const keyEnd = stringEnd(text, i);
    const raw = text.slice(i + 1, keyEnd);
    const name = raw.includes('\\') ? String(JSON.parse(`"${raw}"`)) : raw; // a quoted JSON string parses to a string
    i = skipSpace(text, skipSpace(text, keyEnd + 1) + 1); // past the colon
    const end = valueEnd(text, i);
    if (name === key) found = text.slice(i, end);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== 0x2c) break;
    i = skipSpace(text, i + 1);
  }
  return found;
}
