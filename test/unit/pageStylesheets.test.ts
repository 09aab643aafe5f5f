/**
 * Every class a page renders comes with a stylesheet the page itself loads. Each page's code (and
 * its CSS) is downloaded when the page is first opened; a component whose rules live in another
 * page's stylesheet looks right after that page was visited and unstyled when someone opens its
 * own page first (a bookmark, a reload, a link from a colleague).
 *
 * Read from the sources: the static imports of client/src (stylesheets included) from main.tsx,
 * which is always loaded, and from each lazily imported module (a page, or code a page loads on
 * demand); the class names written in `className`; and the selectors of every stylesheet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(import.meta.dirname, '..', '..', 'client', 'src');

const FILES = fs.readdirSync(CLIENT, { recursive: true, encoding: 'utf8' }).map((f) => path.join(CLIENT, f));
const SOURCES = FILES.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
const STYLESHEETS = FILES.filter((f) => f.endsWith('.css'));
const text = new Map(FILES.filter((f) => /\.(tsx?|css)$/.test(f)).map((f) => [f, fs.readFileSync(f, 'utf8')]));

/** A relative import's file: as written, or with .ts/.tsx, or its folder's index. */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (text.has(candidate)) return candidate;
  }
  return null;
}

/** `import … from './x'`, `export … from './x'` and a stylesheet's `import './x.css'`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const LAZY_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function specs(file: string, pattern: RegExp): string[] {
  return [...(text.get(file) ?? '').matchAll(pattern)].map((m) => m[1]!);
}

/** The files a module loads with it: itself and its static imports, transitively (lazy imports excluded). */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.css')) continue;
    for (const spec of specs(file, STATIC_IMPORT)) {
      const target = resolve(file, spec);
      if (target && !seen.has(target)) stack.push(target);
    }
  }
  return seen;
}

/** Class names written in className: "…", and the string literals of className={…} (cond ? 'a' : 'b', `a ${x}`). */
function classesOf(file: string): string[] {
  const source = text.get(file) ?? '';
  const literal = [...source.matchAll(/className="([^"]+)"/g)].map((m) => m[1]!);
  const inBraces = [...source.matchAll(/className=\{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/'([^']*)'|`([^`]*)`/g)].map((q) => (q[1] ?? q[2] ?? '').replace(/\$\{[^}]*\}/g, ' ')));
  return [...literal, ...inBraces].flatMap((names) => names.split(/\s+/).filter((n) => /^[a-z][\w-]*$/i.test(n)));
}

/** A stylesheet's selectors (each of a comma list), with the classes each needs; inside @media too. */
function selectorsOf(css: string): { selector: string; classes: string[] }[] {
  const bare = text.get(css)!.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...bare.matchAll(/([^{}]+)\{/g)]
    .map((m) => m[1]!.trim())
    .filter((prelude) => !prelude.startsWith('@'))
    .flatMap((prelude) => prelude.split(','))
    .map((selector) => ({ selector: selector.trim(), classes: [...new Set([...selector.replace(/:not\([^)]*\)/g, '').matchAll(/\.([a-zA-Z][\w-]*)/g)].map((c) => c[1]!))] }))
    .filter((s) => s.classes.length > 0);
}
const SELECTORS = new Map(STYLESHEETS.map((css) => [css, selectorsOf(css)]));

const rel = (f: string) => path.relative(CLIENT, f);
const MAIN = path.join(CLIENT, 'main.tsx');
const always = closure(MAIN);
const lazyEntries = [...new Set(SOURCES.flatMap((f) => specs(f, LAZY_IMPORT).map((s) => resolve(f, s)).filter((t): t is string => t !== null)))];

/**
 * For one page: the rules of stylesheets it does not load whose every class it renders. Each
 * would style the page only once another page had loaded its stylesheet: opened first, the page
 * looks different.
 */
function unstyled(entry: string): string[] {
  const loaded = new Set([...always, ...closure(entry)]);
  const classes = new Set([...loaded].filter((f) => /\.tsx?$/.test(f)).flatMap(classesOf));
  return STYLESHEETS.filter((css) => !loaded.has(css)).flatMap((css) =>
    SELECTORS.get(css)!
      .filter((s) => s.classes.every((c) => classes.has(c)))
      .map((s) => `${s.selector} (${rel(css)})`),
  );
}

describe('every class a page renders comes with its stylesheet', () => {
  it('finds the pages: main.tsx and the lazily loaded modules', () => {
    expect(always.has(path.join(CLIENT, 'styles.css'))).toBe(true);
    expect(lazyEntries.map(rel)).toEqual(expect.arrayContaining(['pages/annotator/EditorPage.tsx', 'pages/maintainer/RunsPage.tsx', 'pages/maintainer/ProblemsPage.tsx']));
  });

  it('shared components carry their own stylesheet (the upload form once came with the back office only)', () => {
    const own = (component: string, css: string) => [...closure(path.join(CLIENT, component))].map(rel).includes(css);
    expect(own('components/UploadPanel.tsx', 'components/uploadPanel.css')).toBe(true);
    expect(own('components/TableHead.tsx', 'components/tableHead.css')).toBe(true);
    expect(own('drafts/UndoButtons.tsx', 'drafts/undoButtons.css')).toBe(true);
  });

  it('sees a rule a page lacks: the Runs page without its stylesheet', () => {
    const runs = path.join(CLIENT, 'pages', 'maintainer', 'RunsPage.tsx');
    const without = text.get(runs)!.replace("import './RunsPage.css';", '');
    text.set(runs, without);
    try {
      expect(unstyled(runs)).toEqual(expect.arrayContaining(['.runs .card (pages/maintainer/RunsPage.css)']));
    } finally {
      text.set(runs, fs.readFileSync(runs, 'utf8'));
    }
  });

  it('no rule of a stylesheet a page does not load matches what the page renders', () => {
    expect([MAIN, ...lazyEntries].flatMap((entry) => unstyled(entry).map((u) => `${rel(entry)}: ${u}`))).toEqual([]);
  });
});
