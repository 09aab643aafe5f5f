import { expect } from 'vitest';
import { expectTemplateLayout, parentTemplateHeading } from './datasetCardTemplate';
import { loadDatasetCard } from './hubDatasetCard';

/** The card's own sections, each under the template heading it belongs to. */
const KEPT: { level: number; title: string; under: string }[] = [
  { level: 3, title: 'Data Instances', under: 'Dataset Structure' },
  { level: 3, title: 'Data Fields', under: 'Dataset Structure' },
  { level: 3, title: 'Data Splits', under: 'Dataset Structure' },
  { level: 3, title: 'Statistics', under: 'Dataset Structure' },
  { level: 3, title: 'Taxonomy', under: 'Dataset Structure' },
  { level: 3, title: 'Bias', under: 'Bias, Risks, and Limitations' },
  { level: 3, title: 'Risks', under: 'Bias, Risks, and Limitations' },
  { level: 3, title: 'Limitations', under: 'Bias, Risks, and Limitations' },
  { level: 3, title: 'Checksum', under: 'More Information' },
];

/** Every card: the template's layout, its own sections under the template's headings, and front matter DatasetCard.load reads. */
export function expectSections(card: string): void {
  expectTemplateLayout(card);
  for (const k of KEPT) expect(parentTemplateHeading(card, k.level, k.title), k.title).toBe(k.under);
  expect(() => loadDatasetCard(card)).not.toThrow();
}
