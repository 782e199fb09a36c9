import { createStore } from 'zustand/vanilla';

/**
 * What the server said of the changes one replay delivered (spec part 1, section 8): the
 * message of each accepted save, and the first message of each refusal. The app toasts
 * them; the review queue keeps the refused entries either way.
 */
export type ReplayNotices = { seq: number; accepted: string[]; refused: string[] };

export const replayNoticeStore = createStore<ReplayNotices>(() => ({ seq: 0, accepted: [], refused: [] }));

export function publishReplayNotices(accepted: string[], refused: string[]): void {
  if (!accepted.length && !refused.length) return;
  replayNoticeStore.setState((s) => ({ seq: s.seq + 1, accepted, refused }));
}
