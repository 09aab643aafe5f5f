/**
 * The judge check's similarity over a corpus that grows one document at a time (a pilot study's
 * questions), equal to a full refit (`fitJudgeSimilarity`) of the corpus so far: terms keep their
 * first-appearance numbers and each term's document frequency is kept, so adding a document
 * analyses only that document, and a similarity needs only the two rows: each of their terms'
 * idf comes from its frequency and the corpus size when the row is weighed, so a question costs
 * the same whatever the size of the vocabulary (a study's questions keep adding character
 * n-grams; recomputing every term's idf at each question grew with them).
 */
import { charWbNgrams, cosine, countedRow, wordNgrams, type Analyzer, type TfidfVector } from './tfidf';

class GrowingModel {
  private readonly terms = new Map<string, number>();
  private df: Float64Array = new Float64Array(1024);
  private readonly analysed = new Map<string, Int32Array>();
  private readonly docs: Int32Array[] = [];
  private counts = new Int32Array(1024);

  constructor(
    private readonly analyze: Analyzer,
    private readonly maxDf: number,
  ) {}

  get size(): number {
    return this.docs.length;
  }

  /** The document's term numbers, numbering new terms as they first appear. */
  private numbers(doc: string): Int32Array {
    const known = this.analysed.get(doc);
    if (known) return known;
    const grams = this.analyze(doc);
    const numbers = new Int32Array(grams.length);
    for (let i = 0; i < grams.length; i++) {
      let t = this.terms.get(grams[i]!);
      if (t === undefined) this.terms.set(grams[i]!, (t = this.terms.size));
      numbers[i] = t;
    }
    this.analysed.set(doc, numbers);
    return numbers;
  }

  add(doc: string): void {
    const numbers = this.numbers(doc);
    if (this.df.length < this.terms.size) {
      const grown = new Float64Array(Math.max(this.terms.size, this.df.length * 2));
      grown.set(this.df);
      this.df = grown;
    }
    for (const t of new Set(numbers)) this.df[t]! += 1;
    this.docs.push(numbers);
  }

  /**
   * The row as `weigh` gives it over the fitted vocabulary: a term's id is its first-appearance
   * number (ascending in the same order as the vocabulary's ids, so sums run in the same order
   * and the figures are equal to the last bit), terms in more than maxDf·N documents dropped,
   * idf = ln((1 + N) / (1 + df)) + 1, raw counts × idf, L2-normalised.
   */
  row(index: number): TfidfVector {
    const terms = this.docs[index]!;
    const n = this.docs.length;
    const maxDocs = this.maxDf * n;
    if (this.counts.length < this.terms.size) this.counts = new Int32Array(Math.max(this.terms.size, this.counts.length * 2));
    const counts = this.counts;
    const touched: number[] = [];
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i]!;
      if (this.df[t]! > maxDocs) continue;
      if (counts[t] === 0) touched.push(t);
      counts[t]! += 1;
    }
    return countedRow(touched, counts, (t) => Math.log((1 + n) / (1 + this.df[t]!)) + 1);
  }
}

/** A corpus of whitespace-normalised documents, appended to; similarity(a, b) as fitJudgeSimilarity on the corpus so far. */
export class GrowingJudgeSimilarity {
  private readonly word = new GrowingModel(wordNgrams(1, 2), 0.95);
  private readonly char = new GrowingModel(charWbNgrams(3, 5), 0.98);

  constructor(corpus: readonly string[] = []) {
    for (const doc of corpus) this.add(doc);
  }

  get size(): number {
    return this.word.size;
  }

  /** Append one document; returns its index. */
  add(doc: string): number {
    this.word.add(doc);
    this.char.add(doc);
    return this.size - 1;
  }

  similarity(a: number, b: number): number {
    return Math.max(cosine(this.word.row(a), this.word.row(b)), cosine(this.char.row(a), this.char.row(b)));
  }
}
