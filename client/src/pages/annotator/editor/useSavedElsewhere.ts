import { useEffect } from 'react';
import { onSavedElsewhere } from '../../../drafts/savedElsewhere';
import { fetchAnnotation } from '../annotationLoad';
import type { AnnotationSaver } from './saver';

const message = (version: number, held: number) =>
  `This annotation was saved in another tab or session (now version ${version}; this tab holds version ${held}), so nothing from this tab is saved over it.`;

/**
 * While an annotation is open for editing: another tab's save (announced in this browser) or, when
 * this tab comes back into view, a newer version on the server (another browser) stops the saver
 * and shows the conflict, instead of this tab's next save being refused or anything overwritten.
 */
export function useSavedElsewhere(questionId: string, saver: AnnotationSaver, editing: boolean): void {
  useEffect(() => {
    if (!editing) return undefined;
    const stop = onSavedElsewhere((news) => {
      if (news.questionId === questionId) saver.savedElsewhere(news.version, message(news.version, saver.currentVersion));
    });
    let checking = false;
    const check = () => {
      // Only a settled view is compared: while a save of its own is under way the server may already hold it.
      if (checking || document.visibilityState !== 'visible' || saver.currentState.kind !== 'saved' || saver.hasUnsaved) return;
      checking = true;
      const held = saver.currentVersion;
      void fetchAnnotation(questionId).then((load) => {
        checking = false;
        if (!load.ok || saver.currentVersion !== held || saver.currentState.kind !== 'saved') return;
        saver.savedElsewhere(load.view.version, message(load.view.version, held));
      });
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      stop();
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [questionId, saver, editing]);
}
