import { Alert, Center } from '@mantine/core';
import { messages } from '../../sync/shell';
import { useT } from '../lib/i18n';

/** A route failure (spec part 1, section 8). */
export function RouteError() {
  const { t, message } = useT();
  return (
    <Center p="xl">
      <Alert color="red" title={message(messages.unexpectedError)}>
        {t('app.routeError.text')}
      </Alert>
    </Center>
  );
}
