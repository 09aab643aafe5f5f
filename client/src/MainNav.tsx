import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from './router';
import { NAV_GROUPS, type PageRoute } from './routes';

interface Entry {
  route: PageRoute;
  label: string;
}

/** A top-level entry: one page as a link, or a group of pages behind a menu button. */
type TopEntry = { kind: 'link'; entry: Entry } | { kind: 'group'; name: string; entries: Entry[] };

/**
 * The role's pages, grouped so the bar holds a handful of entries (in NAV_GROUPS' order, pages of
 * no group first): a group with one page of the role is that page's link; with more, a menu.
 */
export function topEntries(visible: readonly PageRoute[]): TopEntry[] {
  const loose: TopEntry[] = [];
  const groups = new Map<string, Entry[]>();
  for (const route of visible) {
    if (!route.nav) continue;
    const entry = { route, label: route.nav };
    if (!route.group) loose.push({ kind: 'link', entry });
    else groups.set(route.group, [...(groups.get(route.group) ?? []), entry]);
  }
  const grouped = NAV_GROUPS.filter((g) => groups.has(g)).map((name): TopEntry => {
    const entries = groups.get(name)!;
    return entries.length === 1 ? { kind: 'link', entry: entries[0]! } : { kind: 'group', name, entries };
  });
  return [...loose, ...grouped];
}

function GroupMenu({ name, entries, current }: { name: string; entries: Entry[]; current: PageRoute | null }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const holdsCurrent = entries.some((e) => e.route === current);
  const id = `nav-${name.toLowerCase()}`;
  const links = () => [...(list.current?.querySelectorAll('a') ?? [])];

  // A click anywhere else, or a page opened from the menu, closes it.
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!button.current?.parentElement?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  useEffect(() => setOpen(false), [current]);

  const focusLink = (i: number) => {
    const all = links();
    all[(i + all.length) % all.length]?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      // Shown at once, so focus can move into the menu.
      flushSync(() => setOpen(true));
      focusLink(0);
    } else if (e.key === 'Escape') setOpen(false);
  };
  const onListKey = (e: KeyboardEvent) => {
    const at = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      focusLink(at + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusLink(e.key === 'Home' ? 0 : -1);
    } else if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    }
  };
  return (
    <div className="nav-group" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}>
      <button
        ref={button}
        type="button"
        className="nav-group-button"
        aria-expanded={open}
        aria-controls={id}
        aria-current={holdsCurrent ? 'true' : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {name} <span aria-hidden="true">▾</span>
      </button>
      <ul ref={list} id={id} className="nav-menu" hidden={!open} onKeyDown={onListKey}>
        {entries.map((e) => (
          <li key={e.route.path}>
            <Link href={e.route.path} aria-current={e.route === current ? 'page' : undefined}>
              {e.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The main navigation: at most a handful of entries, menus opened by click, Enter, Space or ↓. */
export function MainNav({ visible, current }: { visible: readonly PageRoute[]; current: PageRoute | null }) {
  return (
    <nav aria-label="Main">
      {topEntries(visible).map((t) =>
        t.kind === 'link' ? (
          <Link key={t.entry.route.path} href={t.entry.route.path} aria-current={current === t.entry.route ? 'page' : undefined}>
            {t.entry.label}
          </Link>
        ) : (
          <GroupMenu key={t.name} name={t.name} entries={t.entries} current={current} />
        ),
      )}
    </nav>
  );
}
