import { useEffect, useState } from 'react';
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
}

/** The autosave machinery of the pilot's code (flush on leave, kept on 401, 409 stops: the drafts saver's rules). */
export function useCodeDraft(view: PilotSessionView, timer: ActiveTimer): CodeDraft {
  const me = useMe();
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved' });
  const [activeMs, setActiveMs] = useState(view.activeMs);
  const [pastes, setPastes] = useState(view.pastes);
  const [stash] = useState(() => draftStash<string>(me.username, 'pilot-code', String(view.id)));
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
        },
        keeper: stash,
      }),
  );
  useDraftSaver(saver.drafts);
  useEffect(() => {
    const every = setInterval(() => saver.snapshotDue(), CODE_SNAPSHOT_MS);
    return () => clearInterval(every);
  }, [saver]);

  return {
    saver,
    stash,
    saveState,
    activeMs,
    pastes,
    notePaste: () => {
      saver.notePaste();
      setPastes((n) => n + 1);
    },
  };
}
