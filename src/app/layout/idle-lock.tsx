import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useStore } from 'zustand';
import { IDLE_LOCK_MS, lockIfIdle, lockStore, markActive, signOut, unlock } from '../../../sync';
import { useUser } from '../../lib/use-store';
import { messageOf, useT } from '../../lib/i18n';
import { afterPaint } from '../../../sync/shell';

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
const MARK_EVERY_MS = 15_000;
const CHECK_EVERY_MS = 15_000;

/**
 * Covers the app after IDLE_LOCK_MS without input (DESIGN: Security on the device).
 * What is under it stays mounted, so a half-filled form is still there after unlocking;
 * it is made inert and hidden from view and from assistive technology meanwhile.
 */
export function IdleLock({ children }: { children: ReactNode }) {
  const locked = useStore(lockStore, (s) => s.locked);
  const lastMark = useRef(0);
  // Opened locked (a reload: the data key went with the page before), the screens under the
  // lock would read sealed records: they mount at the first unlock.
  const [everUnlocked, setEverUnlocked] = useState(!locked);
  if (!locked && !everUnlocked) setEverUnlocked(true);

  useEffect(() => {
    void lockIfIdle().then((isLocked) => {
      if (!isLocked) markActive();
    });
    const onActivity = () => {
      if (lockStore.getState().locked) return;
      const now = Date.now();
      if (now - lastMark.current < MARK_EVERY_MS) return;
      lastMark.current = now;
      markActive(now);
    };
    const check = () => void lockIfIdle();
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', check);
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', check);
      window.clearInterval(timer);
    };
  }, []);

  return (
    <>
      <div inert={locked} aria-hidden={locked || undefined} style={locked ? { visibility: 'hidden' } : undefined}>
        {everUnlocked && children}
      </div>
      {locked && <LockScreen />}
    </>
  );
}

function LockScreen() {
  const user = useUser();
  const reason = useStore(lockStore, (s) => s.reason);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useT();
  // When the lock screen has been painted (the frame, then a task after it): the cold start
  // bench leaves the time from here to the password's submit out (tests/bench/cold-start.ts).
  useEffect(() => {
    afterPaint(() => performance.mark('ashray:lock-shown'));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    performance.mark('ashray:unlock-asked');
    setBusy(true);
    const result = await unlock(password);
    setBusy(false);
    if (!result.ok) setError(result.message);
  };

  // Queued changes stay on the device for the next sign-in (signOut never deletes them).
  const leave = async () => {
    setBusy(true);
    await signOut({ force: true });
    setBusy(false);
    navigate('/login', { replace: true });
  };

  return (
    <Box
      pos="fixed"
      inset={0}
      bg="gray.1"
      style={{ zIndex: 10_000 }}
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      data-testid="idle-lock"
    >
      <Center h="100%" p="md">
        <Paper
          withBorder
          shadow="md"
          p="xl"
          w={380}
          maw="100%"
          component="form"
          onSubmit={(e: FormEvent) => void submit(e)}
        >
          <Stack>
            <Group gap="xs">
              <IconLock size={22} />
              <Title order={2} size="h3" id="lock-title">
                {t('app.lock.title')}
              </Title>
            </Group>
            <Text size="sm">
              {reason === 'opened'
                ? t('app.lock.textOpened', { name: user.name })
                : reason === 'password-changed'
                  ? t('app.lock.textPasswordChanged', { name: user.name })
                  : t('app.lock.text', { minutes: Math.round(IDLE_LOCK_MS / 60_000), name: user.name })}
            </Text>
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setError(null);
              }}
              error={error && messageOf(error)}
              data-autofocus
              autoFocus
            />
            <Button type="submit" loading={busy} disabled={password.length === 0}>
              {t('app.lock.unlock')}
            </Button>
            <Button variant="subtle" color="gray" onClick={() => void leave()} disabled={busy}>
              {t('app.lock.signOut')}
            </Button>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
