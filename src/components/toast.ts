import { notifications } from '@mantine/notifications';

/** The spec's three kinds of toast; one error at a time is shown for validation. */
export const toast = {
  error: (message: string) => notifications.show({ color: 'red', title: 'Error', message }),
  success: (message: string) => notifications.show({ color: 'green', title: 'Success', message }),
  info: (message: string) => notifications.show({ color: 'blue', title: 'Info', message }),
};
