import type { Browser, Locator, Page } from 'playwright-core';
import { login, watchErrors } from './browser';

/** A new page logged in as `user` on the editor of `questionId`, its statement shown; `errors` collects the console's. */
export async function openEditor(
  browser: Browser,
  url: string,
  user: { username: string; password: string },
  questionId: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  await login(page, url, user.username, user.password, `/annotate/${questionId}`);
  await page.getByTestId('base-text').waitFor();
  return { page, errors };
}

/**
 * Select the nth occurrence of `needle` in the editor's base text by setting a DOM
 * selection over the rendered spans (each carries its base offsets in data-start).
 */
export async function selectInStatement(page: Page, needle: string, nth = 0): Promise<void> {
  await page.getByTestId('base-text').waitFor();
  await page.evaluate(
    ({ needle, nth }) => {
      const root = document.querySelector('[data-testid="base-text"]');
      if (!root) throw new Error('no statement on the page');
      const nodes: { node: Text; start: number }[] = [];
      for (const span of root.querySelectorAll<HTMLElement>('[data-start]')) {
        const node = span.firstChild;
        if (node instanceof Text) nodes.push({ node, start: Number(span.dataset.start) });
      }
      const text = nodes.map((n) => n.node.data).join('');
      let at = -1;
      for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
      if (at < 0) throw new Error(`"${needle}" not in the statement`);
      const locate = (offset: number, isEnd: boolean) => {
        const hit = nodes.find((n) => offset >= n.start && (isEnd ? offset <= n.start + n.node.length : offset < n.start + n.node.length));
        if (!hit) throw new Error(`offset ${offset} not rendered`);
        return { node: hit.node, offset: offset - hit.start };
      };
      const from = locate(at, false);
      const to = locate(at + needle.length, true);
      const range = document.createRange();
      range.setStart(from.node, from.offset);
      range.setEnd(to.node, to.offset);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
    },
    { needle, nth },
  );
}

/** Wait until the editor reports every change saved. */
export async function waitSaved(page: Page): Promise<void> {
  await page.getByTestId('save-state').filter({ hasText: /^Saved$/ }).waitFor();
}

/** Choose a point's ambiguity type in its listbox, by mouse: focus it (it opens), then the option. */
export async function chooseType(card: Locator, type: string): Promise<void> {
  await card.getByRole('listbox', { name: 'Ambiguity type' }).focus();
  await card.getByRole('option', { name: type, exact: true }).click();
  await card.getByRole('option', { name: type, exact: true, selected: true }).waitFor();
}
