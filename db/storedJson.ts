import { z } from 'zod';

/**
 * The JSON columns' one way in: every stored JSON text is decoded here, in db/, and reaches the
 * services as a domain value. Old or damaged values are repaired, never thrown at a reader (as
 * Excalidraw's restore does): text that is not JSON, or JSON of the wrong shape, reads as the
 * column's empty value; a list keeps the elements that fit and drops the rest. Good data reads
 * exactly as it was written.
 */

const NOT_JSON = Symbol('not JSON');

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * A JSON column read through `schema`; `fallback` when it is not JSON or breaks the schema.
 * `fits`, for the columns read by the thousand (a run's records), is a plain check that accepts
 * exactly what the schema accepts unchanged, so good values skip zod's copy.
 */
export function decodeJson<T>(text: string, schema: z.ZodType<T>, fallback: T, fits?: (json: unknown) => json is T): T {
  const json = parsed(text);
  if (json === NOT_JSON) return fallback;
  if (fits?.(json)) return json;
  const got = schema.safeParse(json);
  return got.success ? got.data : fallback;
}

/** A JSON column that may be NULL: null stays null. */
export const decodeNullableJson = <T>(text: string | null, schema: z.ZodType<T>, fallback: T): T | null => (text === null ? null : decodeJson(text, schema, fallback));

/**
 * A JSON list column: [] when it is not a list; elements that break `element` are dropped.
 * `fits`, as for decodeJson, lets a list read by the thousand skip zod's copy when every element
 * is already exactly what `element` returns.
 */
export function decodeList<T>(text: string, element: z.ZodType<T>, list: z.ZodType<T[]> = z.array(element), fits?: (item: unknown) => item is T): T[] {
  const json = parsed(text);
  if (!Array.isArray(json)) return [];
  if (fits && json.every(fits)) return json;
  const whole = list.safeParse(json);
  if (whole.success) return whole.data;
  return json.flatMap((item) => {
    const one = element.safeParse(item);
    return one.success ? [one.data] : [];
  });
}

/** Any JSON value as stored (audit details, snapshots): null when the text is not JSON. */
export function decodeAnyJson(text: string | null): unknown {
  if (text === null) return null;
  const json = parsed(text);
  return json === NOT_JSON ? null : json;
}

export const stringList = z.array(z.string());
/** Exactly what stringList accepts. */
export const isStringList = (json: unknown): json is string[] => Array.isArray(json) && json.every((s) => typeof s === 'string');

/**
 * A JSON column checked against `schema` but returned as stored, key order and all (what the API
 * shows of it must not change): for schemas without defaults or transforms, whose accepted values
 * are already of type T.
 */
export function decodeVerbatim<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  const json = parsed(text);
  if (json === NOT_JSON || !schema.safeParse(json).success) return fallback;
  return json as T;
}
