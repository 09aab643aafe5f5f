import { expect } from 'vitest';

/** The sections every card must have, in order. */
const SECTIONS = [
  '## Uses',
  '### Direct Use',
  '### Out-of-Scope Use',
  '## Dataset Structure',
  '### Data Instances',
  '### Data Fields',
  '### Data Splits',
  '## Dataset Creation',
  '## Statistics',
  '## Taxonomy',
  '## Inter-annotator agreement',
  '## Annotation effort',
  '## Provenance',
  '## Bias, Risks, and Limitations',
  '### Bias',
  '### Risks',
  '### Limitations',
  '## Personal and Sensitive Information',
  '## License',
  '## Citation',
  '## Checksum',
  '## Dataset Card Authors',
  '## Dataset Card Contact',
];

export function expectSections(card: string): void {
  const at = SECTIONS.map((s) => card.indexOf(`\n${s}\n`));
  SECTIONS.forEach((s, i) => expect(at[i], s).toBeGreaterThan(0));
  expect([...at].sort((a, b) => a - b)).toEqual(at);
}
