/** A zod issue path as one field name: `qa_pairs[0].answer`; '' for the root. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
}
