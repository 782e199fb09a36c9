import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_TITLE } from '../../../../sync';
import { useLogin } from '../hooks/use-login';

/** /login: e-mail and password; Enter submits. */
export function LoginPage() {
  const { form, submitting, submit } = useLogin();
  const { register } = form;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="form" onSubmit={submit} noValidate withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack>
          <div>
            <Title order={1} size="h2">
              {ADMIN_TITLE}
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to continue
            </Text>
          </div>
          <TextInput label="Email" type="email" autoComplete="username" {...register('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...register('password')} />
          <Button type="submit" loading={submitting} fullWidth size="md">
            Login
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
