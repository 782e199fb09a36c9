import { useEffect } from 'react';
import { replayNoticeStore } from '../../sync';
import { toast, toastedRecently } from '../components/toast';
import { textOf } from '../lib/i18n';

/** More accepted saves than this in one replay are told as one count, not a toast each. */
const ACCEPTED_ONE_BY_ONE = 2;

/**
 * Tells what the server said of the changes the outbox delivered (spec part 1, section 8):
 * a refused save shows its first message as an error toast (it also waits in the review
 * queue at /sync), and an accepted save shows the server's message when the app is online.
 * After a long time offline the many accepted saves are one toast.
 */
export function useReplayToasts(): void {
  useEffect(
    () =>
      replayNoticeStore.subscribe(({ accepted, refused }) => {
        for (const message of refused) toast.error(message);
        if (accepted.length > ACCEPTED_ONE_BY_ONE) {
          toast.success(textOf('sync.toast.reached', { count: accepted.length }));
          return;
        }
        for (const message of accepted) if (!toastedRecently(message)) toast.success(message);
      }),
    [],
  );
}
