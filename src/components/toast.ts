import { notifications } from '@mantine/notifications';
import { messageOf, textOf } from '../lib/i18n';

/** The spec's three kinds of toast; one error at a time is shown for validation. */
export const toast = {
  error: (message: string) => show('red', textOf('toast.error'), message),
  success: (message: string) => show('green', textOf('toast.success'), message),
  info: (message: string) => show('blue', textOf('toast.info'), message),
};

/** When each message was last toasted. */
const shownAt = new Map<string, number>();

function show(color: string, title: string, message: string) {
  shownAt.set(message, Date.now());
  // Messages are the contract's English (or the server's); shown in the language chosen.
  return notifications.show({ color, title, message: messageOf(message) });
}

/** Whether `message` was toasted within the last `ms` (so the server's echo of a save is not said twice). */
export const toastedRecently = (message: string, ms = 10_000): boolean =>
  Date.now() - (shownAt.get(message) ?? -Infinity) < ms;
