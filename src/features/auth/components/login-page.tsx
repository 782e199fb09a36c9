import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_TITLE } from '../../../../sync/shell';
import { useLogin } from '../hooks/use-login';
import { LanguageSwitch } from '../../../components/language-switch';
import { useT } from '../../../lib/i18n';

/** /login: e-mail and password; Enter submits. */
export function LoginPage() {
  const { submitting, marked, submit, recheck, warmUp } = useLogin();
  const { t } = useT();
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper
        component="form"
        onSubmit={(event) => void submit(event)}
        onInput={recheck}
        onFocus={warmUp}
        noValidate
        withBorder
        shadow="sm"
        p="xl"
        radius="md"
        w={420}
        maw="100%"
      >
        <Stack>
          <LanguageSwitch />
          <div>
            <Title order={1} size="h2">
              {ADMIN_TITLE}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.subtitle')}
            </Text>
          </div>
          <TextInput
            label={t('login.email')}
            name="email"
            type="email"
            autoComplete="username"
            error={marked === 'email'}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            error={marked === 'password'}
          />
          <Button type="submit" loading={submitting} fullWidth size="md">
            {t('login.submit')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
