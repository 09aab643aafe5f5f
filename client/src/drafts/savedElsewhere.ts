/**
 * Telling a stale tab that its record was saved elsewhere, before it sends a save over it: a tab
 * that saves an annotation announces the new version to this browser's other tabs (a
 * BroadcastChannel), and a tab coming back into view asks the server for the saved version (another
 * browser or device). The draft saver then stops as a 409 would, and the editor says so.
 */
export interface SavedNews {
  questionId: string;
  version: number;
}

const CHANNEL = 'ccb-annotation-saves';
type Listener = (news: SavedNews) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

/** One channel per tab: a message it posts reaches the other tabs, never its own listeners. */
function tabChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  channel?.addEventListener('message', (e: MessageEvent<SavedNews>) => {
    const news = e.data;
    if (typeof news?.questionId === 'string' && typeof news.version === 'number') listeners.forEach((l) => l(news));
  });
  return channel;
}

/** This tab saved (or submitted) an annotation at `version`. */
export function announceSaved(questionId: string, version: number): void {
  tabChannel()?.postMessage({ questionId, version } satisfies SavedNews);
}

/** Hear the other tabs' saves; returns the unsubscribe. */
export function onSavedElsewhere(listener: Listener): () => void {
  tabChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
