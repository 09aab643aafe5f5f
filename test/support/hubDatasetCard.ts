/**
 * What `huggingface_hub.DatasetCard.load` does with a README.md, reproduced from its source
 * (src/huggingface_hub/repocard.py and repocard_data.py at commit ee0a4510f4bc): the
 * front-matter block found by REGEX_YAML_BLOCK, read by yaml.safe_load, must be a mapping;
 * DatasetCardData takes its keys, the typed ones as `str` or a list of `str`. The size
 * category must be one of the options DatasetCardData documents. No Python, no network.
 */

/** repocard.py's REGEX_YAML_BLOCK, the same pattern (JavaScript reads it alike: no flags, `^` is the start). */
export const REGEX_YAML_BLOCK = /^(\s*---(?:\r\n|\r|\n))([\S\s]*?)((?:\r\n|\r|\n)---[ \t]*(\r\n|\n|$))/;

/** DatasetCardData's parameters typed `str | list[str]` (or `list[str]`), and `pretty_name: str`. */
const STRING_OR_LIST = ['language', 'license', 'annotations_creators', 'language_creators', 'multilinguality', 'size_categories', 'source_datasets', 'task_categories', 'task_ids', 'config_names'];

/** The size_categories options of DatasetCardData's docstring. */
export const SIZE_CATEGORIES = ['n<1K', '1K<n<10K', '10K<n<100K', '100K<n<1M', '1M<n<10M', '10M<n<100M', '100M<n<1B', '1B<n<10B', '10B<n<100B', '100B<n<1T', 'n>1T', 'other'];

type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };

/** A plain scalar as YAML 1.1 (PyYAML's safe_load) resolves it: null, booleans, numbers, else the string. */
function plainScalar(text: string, line: number): Yaml {
  if (/^[[\]{}&*!|>'%@`#,?]/.test(text) || / #|: |:$/.test(text)) throw new Error(`front matter line ${line}: unsupported YAML "${text}"`);
  if (/^(~|null|Null|NULL)$/.test(text)) return null;
  if (/^(true|True|TRUE|yes|Yes|YES|on|On|ON)$/.test(text)) return true;
  if (/^(false|False|FALSE|no|No|NO|off|Off|OFF)$/.test(text)) return false;
  if (/^[-+]?(\d[\d_]*)?\.?\d+([eE][-+]?\d+)?$/.test(text)) return Number(text.replace(/_/g, ''));
  return text;
}

function scalar(text: string, line: number): Yaml {
  if (text.startsWith('"')) return JSON.parse(text) as string;
  return plainScalar(text, line);
}

interface Line {
  indent: number;
  text: string;
  no: number;
}

/**
 * A strict reader of the block YAML a card's front matter uses: mappings, sequences, plain and
 * double-quoted scalars. Anything else throws, naming the line, so a card that needs more YAML
 * fails here instead of being read wrongly.
 */
export function readYaml(block: string): Yaml {
  const lines: Line[] = block
    .split(/\r\n|\r|\n/)
    .map((raw, i) => ({ indent: raw.length - raw.trimStart().length, text: raw.trim(), no: i + 1 }))
    .filter((l) => l.text !== '' && !l.text.startsWith('#'));
  if (lines.length === 0) return null;
  let i = 0;
  function node(indent: number): Yaml {
    return lines[i]!.text.startsWith('- ') || lines[i]!.text === '-' ? sequence(indent) : mapping(indent);
  }
  function sequence(indent: number): Yaml[] {
    const out: Yaml[] = [];
    while (i < lines.length && lines[i]!.indent === indent && lines[i]!.text.startsWith('- ')) {
      const l = lines[i]!;
      const rest = l.text.slice(2).trim();
      if (/^[^"'\s][^:]*:( |$)/.test(rest)) {
        lines[i] = { indent: indent + 2, text: rest, no: l.no };
        out.push(mapping(indent + 2));
      } else {
        out.push(scalar(rest, l.no));
        i++;
      }
    }
    return out;
  }
  function mapping(indent: number): { [key: string]: Yaml } {
    const out: { [key: string]: Yaml } = {};
    while (i < lines.length && lines[i]!.indent === indent && !lines[i]!.text.startsWith('- ')) {
      const l = lines[i]!;
      const m = /^([A-Za-z_][\w-]*):(?: (.*))?$/.exec(l.text);
      if (!m) throw new Error(`front matter line ${l.no}: expected "key: value", got "${l.text}"`);
      if (Object.hasOwn(out, m[1]!)) throw new Error(`front matter line ${l.no}: duplicate key ${m[1]}`);
      i++;
      if (m[2] !== undefined && m[2].trim() !== '') out[m[1]!] = scalar(m[2].trim(), l.no);
      else if (i < lines.length && (lines[i]!.indent > indent || (lines[i]!.indent === indent && lines[i]!.text.startsWith('- ')))) out[m[1]!] = node(lines[i]!.indent);
      else out[m[1]!] = null;
    }
    return out;
  }
  const value = node(lines[0]!.indent);
  if (i < lines.length) throw new Error(`front matter line ${lines[i]!.no}: unexpected indentation`);
  return value;
}

export interface LoadedCard {
  data: { [key: string]: Yaml };
  text: string;
}

const isStringOrList = (v: Yaml) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));

/** DatasetCard(content): the metadata mapping and the Markdown text after it; throws where DatasetCard.load would fail or the data would be mistyped. */
export function loadDatasetCard(content: string): LoadedCard {
  const match = REGEX_YAML_BLOCK.exec(content);
  if (!match) throw new Error('no metadata block: DatasetCard.load would warn and set empty card data');
  const data = readYaml(match[2]!) ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new Error('repo card metadata block should be a dict');
  for (const key of STRING_OR_LIST) if (data[key] !== undefined && !isStringOrList(data[key]!)) throw new Error(`${key}: must be a string or a list of strings`);
  if (data.pretty_name !== undefined && typeof data.pretty_name !== 'string') throw new Error('pretty_name: must be a string');
  const sizes = data.size_categories === undefined ? [] : ([] as Yaml[]).concat(data.size_categories);
  for (const s of sizes) if (!SIZE_CATEGORIES.includes(String(s))) throw new Error(`size_categories: ${String(s)} is not an option`);
  return { data, text: content.slice(match[0].length) };
}
