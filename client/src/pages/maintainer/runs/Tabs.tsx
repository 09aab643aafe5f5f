import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
}

/**
 * A tab list (WAI-ARIA tabs): Tab reaches the selected tab, the arrow keys, Home and End move
 * between tabs and select them, and the panel comes next in the Tab order.
 */
export function Tabs<Id extends string>({ tabs, current, onSelect, label }: { tabs: readonly TabDef<Id>[]; current: Id; onSelect: (id: Id) => void; label: string }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (e: KeyboardEvent, i: number) => {
    const last = tabs.length - 1;
    const to = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    onSelect(tabs[to]!.id);
    buttons.current[to]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${t.id}`}
          aria-selected={t.id === current}
          aria-controls={`panel-${t.id}`}
          tabIndex={t.id === current ? 0 : -1}
          onClick={() => onSelect(t.id)}
          onKeyDown={(e) => move(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} className="tab-panel">
      {children}
    </div>
  );
}
