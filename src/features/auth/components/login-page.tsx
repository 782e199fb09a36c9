import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_TITLE } from '../../../../sync/shell';
import { useLogin } from '../hooks/use-login';

/** /login: e-mail and password; Enter submits. */
export function LoginPage() {
  const { submitting, marked, submit, recheck, warmUp } = useLogin();
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
          <div>
            <Title order={1} size="h2">
              {ADMIN_TITLE}
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to continue
            </Text>
          </div>
          <TextInput label="Email" name="email" type="email" autoComplete="username" error={marked === 'email'} />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            error={marked === 'password'}
          />
          <Button type="submit" loading={submitting} fullWidth size="md">
            Login
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
