import { expect } from 'vitest';

/**
 * The headings of the Hugging Face Hub's dataset card template, in its order, as
 * huggingface_hub ships it (datasetcard_template.md in its src/huggingface_hub/templates folder, read at
 * commit ee0a4510f4bc15e26cb722be2efc2bdb01383ca0). `optional` is the template's own
 * "[optional]" mark; a heading under an optional one is as optional as its parent.
 * Written down here as a list: the template's prose is not copied.
 */
export const TEMPLATE_HEADINGS: readonly { level: number; title: string; optional: boolean }[] = [
  { level: 1, title: 'Dataset Card for', optional: false },
  { level: 2, title: 'Dataset Details', optional: false },
  { level: 3, title: 'Dataset Description', optional: false },
  { level: 3, title: 'Dataset Sources', optional: true },
  { level: 2, title: 'Uses', optional: false },
  { level: 3, title: 'Direct Use', optional: false },
  { level: 3, title: 'Out-of-Scope Use', optional: false },
  { level: 2, title: 'Dataset Structure', optional: false },
  { level: 2, title: 'Dataset Creation', optional: false },
  { level: 3, title: 'Curation Rationale', optional: false },
  { level: 3, title: 'Source Data', optional: false },
  { level: 4, title: 'Data Collection and Processing', optional: false },
  { level: 4, title: 'Who are the source data producers?', optional: false },
  { level: 3, title: 'Annotations', optional: true },
  { level: 4, title: 'Annotation process', optional: true },
  { level: 4, title: 'Who are the annotators?', optional: true },
  { level: 4, title: 'Personal and Sensitive Information', optional: false },
  { level: 2, title: 'Bias, Risks, and Limitations', optional: false },
  { level: 3, title: 'Recommendations', optional: false },
  { level: 2, title: 'Citation', optional: true },
  { level: 2, title: 'Glossary', optional: true },
  { level: 2, title: 'More Information', optional: true },
  { level: 2, title: 'Dataset Card Authors', optional: true },
  { level: 2, title: 'Dataset Card Contact', optional: false },
];

/** The template's fill-in defaults and unfilled Jinja expressions: none may reach a card. */
const PLACEHOLDERS = [/\[More Information Needed\]/, /\{\{[^{}]*\}\}/, /\{%[^%]*%\}/, /\[optional\]/];

export interface Heading {
  level: number;
  title: string;
  line: number;
}

/** The ATX headings of a Markdown text, outside fenced code blocks and the front matter. */
export function cardHeadings(card: string): Heading[] {
  const lines = card.split('\n');
  let start = 0;
  if (lines[0] === '---') start = lines.indexOf('---', 1) + 1;
  const out: Heading[] = [];
  let fence: string | null = null;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence !== null) {
      if (line.trim().length >= fence.length && line.trim() === fence[0]!.repeat(line.trim().length)) fence = null;
      continue;
    }
    const open = /^(`{3,}|~{3,})/.exec(line);
    if (open) {
      fence = open[1]!;
      continue;
    }
    const h = /^(#{1,6}) (.+)$/.exec(line);
    if (h) out.push({ level: h[1]!.length, title: h[2]!.trim(), line: i + 1 });
  }
  return out;
}

const matches = (t: (typeof TEMPLATE_HEADINGS)[number], h: Heading) => h.level === t.level && (t.level === 1 ? h.title.startsWith(`${t.title} `) : h.title === t.title);

/**
 * The card laid out as the template: every non-optional heading, at its level, and the
 * template headings it has all in the template's order; each template heading once; no placeholder.
 * Returns the template headings the card has.
 */
export function expectTemplateLayout(card: string): string[] {
  for (const p of PLACEHOLDERS) expect(card, `placeholder ${p}`).not.toMatch(p);
  const headings = cardHeadings(card);
  const found: { title: string; at: number }[] = [];
  for (const t of TEMPLATE_HEADINGS) {
    const at = headings.filter((h) => matches(t, h));
    expect(at.length, `"${t.title}" (level ${t.level}) at most once`).toBeLessThanOrEqual(1);
    if (!t.optional) expect(at.length, `non-optional heading "${t.title}" (level ${t.level})`).toBe(1);
    if (at.length === 1) found.push({ title: t.title, at: at[0]!.line });
  }
  const lines = found.map((f) => f.at);
  expect(lines, 'template headings in the template order').toEqual([...lines].sort((a, b) => a - b));
  expect(headings[0], 'the title comes first').toMatchObject({ level: 1 });
  return found.map((f) => f.title);
}

/** The template heading a line of the card falls under (the nearest one above it at a lower or equal level). */
export function parentTemplateHeading(card: string, level: number, title: string): string | undefined {
  const headings = cardHeadings(card);
  const i = headings.findIndex((h) => h.level === level && h.title === title);
  if (i < 0) return undefined;
  for (let j = i - 1; j >= 0; j--) {
    const h = headings[j]!;
    if (h.level < level && TEMPLATE_HEADINGS.some((t) => matches(t, h))) return h.title;
  }
  return undefined;
}
