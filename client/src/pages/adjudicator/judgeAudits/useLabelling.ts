import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../api';
import { call } from '../../../apiCall';
import { judgeAudits } from '../../../../../shared/api/judgeAudits';
import type { AuditItemView, LabellingState } from '../../../../../shared/schemas/judgeAudits';

/** One item on the page: a labelled one carries the caller's own choice (undefined: not labelled yet). */
export interface PageItem {
  item: AuditItemView;
  choice: number | null | undefined;
}

/** What undo puts back: the item's choice before the last change (undefined: it was not labelled). */
interface Change {
  id: number;
  before: number | null | undefined;
}

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'The server could not be reached.');

/**
 * The labeller's side of an audit: their labelled items, then the next one; a cursor over them
 * (j/k), a label on the item under the cursor, and undo of the page's own changes, last first.
 */
export function useLabelling(name: string) {
  const [state, setState] = useState<LabellingState | null>(null);
  const [items, setItems] = useState<PageItem[]>([]);
  const [cursor, setCursor] = useState(0);
  const [history, setHistory] = useState<Change[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');

  /** Load the caller's labels and next item; the cursor goes to `focus` (an item id) or to the next item. */
  const load = useCallback(
    async (focus?: number) => {
      const [mine, next] = await Promise.all([call(judgeAudits.mine, { params: { name } }), call(judgeAudits.next, { params: { name } })]);
      const list: PageItem[] = mine.mine.map(({ keyQuestion, ...item }) => ({ item, choice: keyQuestion }));
      if (next) list.push({ item: next, choice: undefined });
      setState(mine);
      setItems(list);
      const at = focus === undefined ? -1 : list.findIndex((p) => p.item.id === focus);
      setCursor(at >= 0 ? at : next ? list.length - 1 : list.length);
    },
    [name],
  );

  useEffect(() => {
    load().catch((err: unknown) => setError(messageOf(err)));
  }, [load]);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const current = items[cursor];

  /** Label the item under the cursor; a new label moves on to the next item, a changed one stays. */
  const choose = (keyQuestion: number | null) =>
    run(async () => {
      if (!current || (keyQuestion !== null && keyQuestion >= current.item.keyQuestions.length)) return;
      await call(judgeAudits.label, { params: { name, id: String(current.item.id) }, body: { keyQuestion } });
      setHistory((h) => [...h, { id: current.item.id, before: current.choice }]);
      setSaid(keyQuestion === null ? 'Labelled: asks none of the key questions.' : `Labelled: asks key question ${keyQuestion + 1}.`);
      await load(current.choice === undefined ? undefined : current.item.id);
    });

  const undo = () =>
    run(async () => {
      const last = history[history.length - 1];
      if (!last) return;
      const params = { name, id: String(last.id) };
      if (last.before === undefined) await call(judgeAudits.unlabel, { params });
      else await call(judgeAudits.label, { params, body: { keyQuestion: last.before } });
      setHistory((h) => h.slice(0, -1));
      setSaid('Undone.');
      await load(last.id);
    });

  const move = (by: number) => setCursor((c) => Math.max(0, Math.min(items.length - 1, c + by)));

  return { state, items, cursor, current, busy, error, said, canUndo: history.length > 0, choose, undo, move };
}
