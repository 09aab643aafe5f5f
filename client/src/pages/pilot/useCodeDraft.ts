import { useEffect, useState } from 'react';
import { z } from 'zod';
import { call } from '../../apiCall';
import { pilots } from '../../../../shared/api/pilots';
import type { ActiveTimer } from '../../drafts/activeTime';
import type { SaveState } from '../../drafts/draftSaver';
import { draftStash, type DraftStash } from '../../drafts/draftStash';
import { useDraftSaver } from '../../drafts/useDraftSaver';
import { useMe } from '../../session';
import { CODE_SNAPSHOT_MS, type PilotSessionView } from '../../../../shared/schemas/pilots';
import { CodeSaver } from './codeSaver';

export interface CodeDraft {
  saver: CodeSaver;
  stash: DraftStash<string>;
  saveState: SaveState;
  activeMs: number;
  pastes: number;
  /** A paste into the editor: counted, and sent with the next save. */
  notePaste: () => void;
  /** When the last snapshot of the code was saved (ms since the epoch; null: never). */
  lastSavedAt: number | null;
  /** When the next snapshot is due, should there be changes to save by then. */
  nextSnapshotAt: number;
}

/** The autosave machinery of the pilot's code (flush on leave, kept on 401, 409 stops: the drafts saver's rules). */
export function useCodeDraft(view: PilotSessionView, timer: ActiveTimer): CodeDraft {
  const me = useMe();
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved' });
  const [activeMs, setActiveMs] = useState(view.activeMs);
  const [pastes, setPastes] = useState(view.pastes);
  const [lastSavedAt, setLastSavedAt] = useState<number | null>(() => (view.code.savedAt ? Date.parse(view.code.savedAt) : null));
  const [nextSnapshotAt, setNextSnapshotAt] = useState(() => Date.now() + CODE_SNAPSHOT_MS);
  const [stash] = useState(() => draftStash<string>(me.username, 'pilot-code', String(view.id), z.string()));
  const [saver] = useState(
    () =>
      new CodeSaver({
        version: view.code.version,
        save: (body, keepalive) => call(pilots.saveCode, { params: { id: String(view.id) }, body, keepalive }),
        submit: (body) => call(pilots.submit, { params: { id: String(view.id) }, body }),
        takeActiveMs: () => timer.take(),
        giveBackActiveMs: (ms) => timer.giveBack(ms),
        onState: setSaveState,
        onSaved: (saved) => {
          setActiveMs(saved.activeMs);
          setPastes(saved.pastes);
          setLastSavedAt(Date.now());
        },
        keeper: stash,
      }),
  );
  useDraftSaver(saver.drafts);
  useEffect(() => {
    setNextSnapshotAt(Date.now() + CODE_SNAPSHOT_MS);
    const every = setInterval(() => {
      setNextSnapshotAt(Date.now() + CODE_SNAPSHOT_MS);
      saver.snapshotDue();
    }, CODE_SNAPSHOT_MS);
    return () => clearInterval(every);
  }, [saver]);

  return {
    saver,
    stash,
    saveState,
    activeMs,
    pastes,
    lastSavedAt,
    nextSnapshotAt,
    notePaste: () => {
      saver.notePaste();
      setPastes((n) => n + 1);
    },
  };
}
