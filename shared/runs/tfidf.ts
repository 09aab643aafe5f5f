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

/** Raw counts × idf of the terms in the vocabulary, L2-normalised. */
function weigh(terms: readonly string[], idf: ReadonlyMap<string, number>): TfidfVector {
  const row: TfidfVector = new Map();
  for (const term of terms) if (idf.has(term)) row.set(term, (row.get(term) ?? 0) + 1);
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
}

/**
 * idf = ln((1 + N) / (1 + df)) + 1 from each distinct document's distinct terms and how many
 * times the document occurs; terms in more than maxDf·N documents are dropped.
 */
function idfOf(distinct: readonly { terms: readonly string[]; times: number }[], n: number, maxDf: number): Map<string, number> {
  const df = new Map<string, number>();
  for (const { terms, times } of distinct) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + times);
  const maxDocs = maxDf * n;
  const idf = new Map<string, number>();
  for (const [term, count] of df) if (count <= maxDocs) idf.set(term, Math.log((1 + n) / (1 + count)) + 1);
  return idf;
}

/**
 * Fit on a corpus and give the rows of the corpus itself: document frequencies, terms in more
 * than maxDf·N documents dropped (max_df as a proportion; min_df 1 keeps the rest), idf =
 * ln((1 + N) / (1 + df)) + 1. A document repeated in the corpus (a key question shared by
 * tasks, a question asked again) counts every time but is analysed once.
 */
export function fitTransformTfidf(corpus: readonly string[], analyze: Analyzer, maxDf: number): { model: TfidfModel; rows: TfidfVector[] } {
  const distinct = new Map<string, { terms: string[]; times: number }>();
  for (const doc of corpus) {
    const seen = distinct.get(doc);
    if (seen) seen.times += 1;
    else distinct.set(doc, { terms: analyze(doc), times: 1 });
  }
  const idf = idfOf([...distinct.values()], corpus.length, maxDf);
  const rowOf = new Map<string, TfidfVector>();
  for (const [doc, { terms }] of distinct) rowOf.set(doc, weigh(terms, idf));
  return { model: { idf, transform: (text) => weigh(analyze(text), idf) }, rows: corpus.map((doc) => rowOf.get(doc)!) };
}

/** fitTransformTfidf without the corpus rows. */
export function fitTfidf(corpus: readonly string[], analyze: Analyzer, maxDf: number): TfidfModel {
  return fitTransformTfidf(corpus, analyze, maxDf).model;
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
