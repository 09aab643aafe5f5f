/**
 * TF-IDF vectors as scikit-learn's TfidfVectorizer makes them with its defaults (lowercase,
 * smooth idf, raw counts, L2-normalised rows), for the two analyzers the judge check uses:
 * word 1–2-grams over the token pattern (?u)\b\w\w+\b, and char_wb n-grams.
 */
import { pySplit } from './pyText';

export type Analyzer = (text: string) => string[];

// Python's \w: letters, digits and other numbers, underscore (no combining marks). A greedy
// run of two or more is exactly what \b\w\w+\b finds.
const TOKEN = /[\p{L}\p{N}_]{2,}/gu;
const SURROGATE = /[\uD800-\uDFFF]/;

/** Word n-grams: maximal runs of ≥ 2 word characters (what \b\w\w+\b finds), then their n-grams. */
export function wordNgrams(minN: number, maxN: number): Analyzer {
  return (text) => {
    const tokens = text.toLowerCase().match(TOKEN) ?? [];
    const grams: string[] = [];
    for (let n = minN; n <= Math.min(maxN, tokens.length); n++) {
      for (let i = 0; i + n <= tokens.length; i++) grams.push(n === 1 ? tokens[i]! : tokens.slice(i, i + n).join(' '));
    }
    return grams;
  };
}

/** The padded word's n-grams for n = minN … maxN, appended to grams. */
function paddedWordNgrams(length: number, cut: (from: number, to: number) => string, minN: number, maxN: number, grams: string[]): void {
  for (let n = minN; n <= maxN; n++) {
    let offset = 0;
    grams.push(cut(0, n));
    while (offset + n < length) {
      offset += 1;
      grams.push(cut(offset, offset + n));
    }
    if (offset === 0) break;
  }
}

/**
 * char_wb n-grams: each whitespace-separated word padded with one space each side; n-grams
 * inside the padded word, in code points. A padded word no longer than n gives itself once
 * and ends that word's n-grams (so a 2-letter word gives " ab", "ab " and " ab ", never a 5-gram).
 */
export function charWbNgrams(minN: number, maxN: number): Analyzer {
  return (text) => {
    const grams: string[] = [];
    for (const word of pySplit(text.toLowerCase())) {
      const padded = ` ${word} `;
      if (!SURROGATE.test(padded)) {
        paddedWordNgrams(padded.length, (from, to) => padded.slice(from, to), minN, maxN, grams);
      } else {
        const points = [...padded];
        paddedWordNgrams(points.length, (from, to) => points.slice(from, to).join(''), minN, maxN, grams);
      }
    }
    return grams;
  };
}

/** A sparse, L2-normalised TF-IDF row: term → weight. */
export type TfidfVector = Map<string, number>;

export interface TfidfModel {
  /** The fitted vocabulary with each term's idf. */
  idf: ReadonlyMap<string, number>;
  transform(text: string): TfidfVector;
}

/**
 * Fit on a corpus: document frequencies, terms in more than maxDf·N documents dropped
 * (max_df as a proportion; min_df 1 keeps the rest), idf = ln((1 + N) / (1 + df)) + 1.
 */
export function fitTfidf(corpus: readonly string[], analyze: Analyzer, maxDf: number): TfidfModel {
  const df = new Map<string, number>();
  for (const doc of corpus) {
    for (const term of new Set(analyze(doc))) df.set(term, (df.get(term) ?? 0) + 1);
  }
  const n = corpus.length;
  const maxDocs = maxDf * n;
  const idf = new Map<string, number>();
  for (const [term, count] of df) {
    if (count <= maxDocs) idf.set(term, Math.log((1 + n) / (1 + count)) + 1);
  }
  return {
    idf,
    transform(text) {
      const row: TfidfVector = new Map();
      for (const term of analyze(text)) if (idf.has(term)) row.set(term, (row.get(term) ?? 0) + 1);
      let squares = 0;
      // Raw count × idf, as scikit-learn multiplies them.
      for (const [term, count] of row) {
        const weight = count * idf.get(term)!;
        row.set(term, weight);
        squares += weight * weight;
      }
      const norm = Math.sqrt(squares);
      if (norm > 0) for (const [term, weight] of row) row.set(term, weight / norm);
      return row;
    },
  };
}

function norm(v: TfidfVector): number {
  let s = 0;
  for (const w of v.values()) s += w * w;
  return Math.sqrt(s);
}

/** Cosine similarity of two rows; 0 when either is empty. */
export function cosine(a: TfidfVector, b: TfidfVector): number {
  const denominator = norm(a) * norm(b);
  if (!denominator) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, w] of small) {
    const other = large.get(term);
    if (other !== undefined) dot += w * other;
  }
  return dot / denominator;
}
