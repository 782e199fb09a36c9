import { notifications } from '@mantine/notifications';

/** The spec's three kinds of toast; one error at a time is shown for validation. */
export const toast = {
  error: (message: string) => show('red', 'Error', message),
  success: (message: string) => show('green', 'Success', message),
  info: (message: string) => show('blue', 'Info', message),
};

/** When each message was last toasted. */
const shownAt = new Map<string, number>();

function show(color: string, title: string, message: string) {
  shownAt.set(message, Date.now());
  return notifications.show({ color, title, message });
}

/** Whether `message` was toasted within the last `ms` (so the server's echo of a save is not said twice). */
export const toastedRecently = (message: string, ms = 10_000): boolean =>
  Date.now() - (shownAt.get(message) ?? -Infinity) < ms;
