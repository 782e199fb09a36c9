import { Alert, Center } from '@mantine/core';
import { messages } from '../../sync/shell';

/** A route failure (spec part 1, section 8). */
export function RouteError() {
  return (
    <Center p="xl">
      <Alert color="red" title={messages.unexpectedError}>
        Reload the page; anything you saved is kept on this device.
      </Alert>
    </Center>
  );
}
