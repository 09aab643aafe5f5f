/**
 * Reads records through a Croissant file the way mlcroissant does for a JSON Lines
 * FileObject: the file is read as a table (one row per line, one column per top-level key);
 * a field takes its FileObject's table, extracts its `column` (a missing column is the
 * error mlcroissant gives: `Column "…" does not exist`), and applies a `transform.jsonPath`
 * to the column's value (to each element when the value is a list). A field with subFields
 * builds a list of objects from its subFields' lists. Written for the tests; the app never
 * reads Croissant.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Row = Record<string, Json>;

interface CroissantSource {
  fileObject?: { '@id'?: string };
  extract?: { column?: string; jsonPath?: string };
  transform?: { jsonPath?: string };
}

interface CroissantField {
  '@id': string;
  name: string;
  dataType?: string;
  repeated?: boolean;
  source?: CroissantSource;
  subField?: CroissantField[];
}

interface FileObject {
  '@type': string;
  '@id': string;
  contentUrl: string;
  encodingFormat: string;
}

export class CroissantReadError extends Error {}

function table(file: FileObject, files: ReadonlyMap<string, string>): Row[] {
  if (file.encodingFormat !== 'application/jsonlines') throw new CroissantReadError(`${file['@id']}: not a JSON Lines file (${file.encodingFormat})`);
  const text = files.get(file.contentUrl);
  if (text === undefined) throw new CroissantReadError(`${file['@id']}: no file at ${file.contentUrl}`);
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

/** A transform's JSONPath on one value: `name`, `$.name` or `$.a.b` (what these releases use). */
function applyJsonPath(value: Json, jsonPath: string, field: string): Json {
  const steps = jsonPath.replace(/^\$\.?/, '').split('.').filter(Boolean);
  let current = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object' || Array.isArray(current) || !(step in current)) {
      throw new CroissantReadError(`${field}: JSONPath ${jsonPath} finds nothing in ${JSON.stringify(value).slice(0, 60)}`);
    }
    current = current[step]!;
  }
  return current;
}

function checkType(field: CroissantField, value: Json): void {
  const leaves = field.repeated ? (Array.isArray(value) ? value : [value]) : [value];
  if (field.repeated && !Array.isArray(value)) throw new CroissantReadError(`${field['@id']}: repeated, but the value is not a list`);
  if (field.dataType === 'sc:Text') for (const leaf of leaves) if (typeof leaf !== 'string') throw new CroissantReadError(`${field['@id']}: sc:Text, but got ${JSON.stringify(leaf)}`);
}

function fieldValue(field: CroissantField, row: Row, perElement: boolean): Json {
  const source = field.source;
  if (!source?.fileObject) throw new CroissantReadError(`${field['@id']}: no source.fileObject`);
  const column = source.extract?.column;
  if (column === undefined) {
    // mlcroissant reads a JSON Lines file as a table: a jsonPath extraction names no column.
    throw new CroissantReadError(`Column "${source.extract?.jsonPath ?? '?'}" does not exist (field ${field['@id']})`);
  }
  if (!(column in row)) throw new CroissantReadError(`Column "${column}" does not exist (field ${field['@id']})`);
  const value = row[column]!;
  const jsonPath = source.transform?.jsonPath;
  if (jsonPath === undefined) return value;
  if (perElement) {
    if (!Array.isArray(value)) throw new CroissantReadError(`${field['@id']}: column ${column} is not a list`);
    return value.map((v) => applyJsonPath(v, jsonPath, field['@id']));
  }
  return applyJsonPath(value, jsonPath, field['@id']);
}

function fileOf(field: CroissantField, files: ReadonlyMap<string, FileObject>): FileObject {
  const id = field.source?.fileObject?.['@id'];
  const file = id === undefined ? undefined : files.get(id);
  if (!file) throw new CroissantReadError(`${field['@id']}: unknown fileObject ${id}`);
  return file;
}

/** The records of one RecordSet, in file order, as objects keyed by field name. */
export function readCroissantRecords(meta: Record<string, unknown>, contents: ReadonlyMap<string, string>, recordSet: string): Record<string, Json>[] {
  const distribution = (meta.distribution as FileObject[]).filter((d) => d['@type'] === 'cr:FileObject');
  const files = new Map(distribution.map((d) => [d['@id'], d]));
  const set = (meta.recordSet as { '@id': string; field: CroissantField[] }[]).find((r) => r['@id'] === recordSet);
  if (!set) throw new CroissantReadError(`no RecordSet ${recordSet}`);
  const tables = new Map<string, Row[]>();
  const rowsOf = (f: FileObject) => tables.get(f['@id']) ?? tables.set(f['@id'], table(f, contents)).get(f['@id'])!;

  const columns = set.field.map((field) => {
    if (field.subField) {
      const parts = field.subField.map((sub) => {
        const values = rowsOf(fileOf(sub, files)).map((row) => fieldValue(sub, row, Boolean(field.repeated)));
        values.forEach((v) => checkType({ ...sub, repeated: field.repeated }, v));
        return { name: sub.name, values };
      });
      const rows = parts[0]?.values.length ?? 0;
      const values: Json[] = Array.from({ length: rows }, (_, i) => {
        if (!field.repeated) return Object.fromEntries(parts.map((p) => [p.name, p.values[i]!]));
        const lengths = new Set(parts.map((p) => (p.values[i] as Json[]).length));
        if (lengths.size !== 1) throw new CroissantReadError(`${field['@id']}: subFields of record ${i} have different lengths`);
        return Array.from({ length: [...lengths][0]! }, (_, j) => Object.fromEntries(parts.map((p) => [p.name, (p.values[i] as Json[])[j]!])));
      });
      return { name: field.name, values };
    }
    const values = rowsOf(fileOf(field, files)).map((row) => fieldValue(field, row, false));
    values.forEach((v) => checkType(field, v));
    return { name: field.name, values };
  });
  const count = new Set(columns.map((c) => c.values.length));
  if (count.size > 1) throw new CroissantReadError(`${recordSet}: fields have different numbers of rows`);
  return Array.from({ length: [...count][0] ?? 0 }, (_, i) => Object.fromEntries(columns.map((c) => [c.name, c.values[i]!])));
}
