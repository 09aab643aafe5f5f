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

/** A sparse, L2-normalised TF-IDF row: term ids (ascending) and their weights, with the row's norm. */
export interface TfidfVector {
  ids: Int32Array;
  weights: Float64Array;
  norm: number;
}

export interface TfidfModel {
  /** The fitted vocabulary with each term's idf. */
  idf: ReadonlyMap<string, number>;
  transform(text: string): TfidfVector;
  /** A row as term → weight (for reading a row, not for computing with it). */
  weights(row: TfidfVector): Map<string, number>;
}

/**
 * The fitted vocabulary. Terms are numbered as they first appear in the corpus (the order
 * scikit-learn's document-frequency pass meets them); `final` maps that number to the term's id
 * in the vocabulary, or −1 for a term dropped by max_df.
 */
export interface Vocabulary {
  terms: Map<string, number>;
  final: Int32Array;
  idf: Float64Array;
}

/** Raw counts × idf of the terms in the vocabulary (by first-appearance number), L2-normalised. */
export function weigh(terms: ArrayLike<number>, vocabulary: Vocabulary, counts: Int32Array): TfidfVector {
  const touched: number[] = [];
  for (let t = 0; t < terms.length; t++) {
    const id = vocabulary.final[terms[t]!]!;
    if (id < 0) continue;
    if (counts[id] === 0) touched.push(id);
    counts[id]! += 1;
  }
  return countedRow(touched, counts, (id) => vocabulary.idf[id]!);
}

/**
 * The row of the counted terms (`touched`, each counted in `counts`, which are reset to 0 here):
 * raw count × idf, as scikit-learn multiplies them, in ascending term order, L2-normalised. The
 * fitted vocabulary and a growing corpus both weigh through this, so their figures agree to the bit.
 */
export function countedRow(touched: number[], counts: Int32Array, idfOf: (id: number) => number): TfidfVector {
  const ids = Int32Array.from(touched).sort();
  const weights = new Float64Array(ids.length);
  let squares = 0;
  for (let i = 0; i < ids.length; i++) {
    const weight = counts[ids[i]!]! * idfOf(ids[i]!);
    counts[ids[i]!] = 0;
    weights[i] = weight;
    squares += weight * weight;
  }
  const length = Math.sqrt(squares);
  if (length > 0) for (let i = 0; i < weights.length; i++) weights[i] = weights[i]! / length;
  let normalised = 0;
  for (const w of weights) normalised += w * w;
  return { ids, weights, norm: Math.sqrt(normalised) };
}

/**
 * idf = ln((1 + N) / (1 + df)) + 1 from each distinct document's distinct terms and how many
 * times the document occurs; terms in more than maxDf·N documents are dropped.
 */
function vocabularyOf(terms: Map<string, number>, distinct: readonly { terms: Int32Array; times: number }[], n: number, maxDf: number): Vocabulary {
  const df = new Float64Array(terms.size);
  const lastDoc = new Int32Array(terms.size).fill(-1);
  distinct.forEach((doc, d) => {
    for (const t of doc.terms) {
      if (lastDoc[t] === d) continue;
      lastDoc[t] = d;
      df[t]! += doc.times;
    }
  });
  return vocabularyFromDf(terms, df, n, maxDf);
}

/** The vocabulary from each term's document frequency (by first-appearance number) over n documents. */
export function vocabularyFromDf(terms: Map<string, number>, df: ArrayLike<number>, n: number, maxDf: number): Vocabulary {
  const maxDocs = maxDf * n;
  const final = new Int32Array(terms.size);
  const idf: number[] = [];
  for (let t = 0; t < terms.size; t++) {
    if (df[t]! > maxDocs) {
      final[t] = -1;
      continue;
    }
    final[t] = idf.length;
    idf.push(Math.log((1 + n) / (1 + df[t]!)) + 1);
  }
  return { terms, final, idf: Float64Array.from(idf) };
}

function modelOf(vocabulary: Vocabulary, analyze: Analyzer): TfidfModel {
  const names: string[] = [];
  for (const [term, t] of vocabulary.terms) if (vocabulary.final[t]! >= 0) names[vocabulary.final[t]!] = term;
  const counts = new Int32Array(vocabulary.idf.length);
  return {
    idf: new Map(names.map((term, id) => [term, vocabulary.idf[id]!])),
    transform: (text) => weigh(analyze(text).flatMap((term) => vocabulary.terms.get(term) ?? []), vocabulary, counts),
    weights: (row) => new Map(Array.from(row.ids, (id, i) => [names[id]!, row.weights[i]!])),
  };
}

/**
 * Fit on a corpus and give the rows of the corpus itself: document frequencies, terms in more
 * than maxDf·N documents dropped (max_df as a proportion; min_df 1 keeps the rest), idf =
 * ln((1 + N) / (1 + df)) + 1. A document repeated in the corpus (a key question shared by
 * tasks, a question asked again) counts every time but is analysed once; each term is looked up
 * by its text once, then counted by number.
 */
export function fitTransformTfidf(corpus: readonly string[], analyze: Analyzer, maxDf: number): { model: TfidfModel; rows: TfidfVector[] } {
  const terms = new Map<string, number>();
  const distinct = new Map<string, { terms: Int32Array; times: number }>();
  for (const doc of corpus) {
    const seen = distinct.get(doc);
    if (seen) {
      seen.times += 1;
      continue;
    }
    const grams = analyze(doc);
    const numbers = new Int32Array(grams.length);
    for (let i = 0; i < grams.length; i++) {
      let t = terms.get(grams[i]!);
      if (t === undefined) terms.set(grams[i]!, (t = terms.size));
      numbers[i] = t;
    }
    distinct.set(doc, { terms: numbers, times: 1 });
  }
  const vocabulary = vocabularyOf(terms, [...distinct.values()], corpus.length, maxDf);
  const counts = new Int32Array(vocabulary.idf.length);
  const rowOf = new Map<string, TfidfVector>();
  for (const [doc, { terms: numbers }] of distinct) rowOf.set(doc, weigh(numbers, vocabulary, counts));
  let model: TfidfModel | null = null;
  return {
    get model() {
      return (model ??= modelOf(vocabulary, analyze));
    },
    rows: corpus.map((doc) => rowOf.get(doc)!),
  };
}

/** fitTransformTfidf without the corpus rows. */
export function fitTfidf(corpus: readonly string[], analyze: Analyzer, maxDf: number): TfidfModel {
  return fitTransformTfidf(corpus, analyze, maxDf).model;
}

/** Cosine similarity of two rows (dot product over the product of their norms); 0 when either is empty. */
export function cosine(a: TfidfVector, b: TfidfVector): number {
  const denominator = a.norm * b.norm;
  if (!denominator) return 0;
  let dot = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]!;
    const y = b.ids[j]!;
    if (x === y) {
      dot += a.weights[i++]! * b.weights[j++]!;
    } else if (x < y) i++;
    else j++;
  }
  return dot / denominator;
}
