import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { setFetch } from '../../../sync/net/transport';
import { startSync, stopSync, type SessionUser } from '../../../sync';
import { ChildListPage } from '../../../src/features/children';
import { renderRoutes } from '../../render';
import { freshDeviceSignedInAs } from './factories';

/** A device with `user` signed in, the network down, and the sync engine running (mutations work offline). */
export async function offlineDevice(user: SessionUser): Promise<void> {
  setFetch(async () => {
    throw new TypeError('Failed to fetch');
  });
  await freshDeviceSignedInAs(user);
  startSync();
}

export function teardownDevice(): void {
  stopSync();
  setFetch(undefined);
}

/** The children screens at `path`, with a stand-in profile route. */
export function renderChildrenAt(path: string, profile: RouteObject['element'] = <div>profile screen</div>) {
  return renderRoutes(
    [
      {
        element: <Outlet />,
        children: [
          { path: '/child-registration', element: <ChildListPage /> },
          { path: '/child-registration/profile', element: profile },
        ],
      },
    ],
    path,
  );
}

/** The newest toast's text. */
/** Waits until the newest toast says `message` (an older toast may still be showing). */
export async function expectToast(message: string): Promise<void> {
  await waitFor(async () => {
    if ((await lastToast()) !== message) throw new Error(`newest toast is not '${message}'`);
  });
}

export async function lastToast(): Promise<string> {
  const toasts = await screen.findAllByRole('alert');
  return (
    within(toasts.at(-1)!).getByText((_, el) => el?.classList.contains('mantine-Notification-description') ?? false)
      .textContent ?? ''
  );
}
