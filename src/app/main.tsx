// The first load's styles: Mantine's base and the components the sign-in page, a toast, the
// loader of a lazy screen and a route error show. The signed-in layout brings the rest
// (layout/app-layout.tsx). Mantine's styles are in its cascade layer, so app.css and the CSS
// modules win over them whatever order the chunks' stylesheets arrive in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app.css';
import { languageReady } from '../lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { hasSessionMirror, hasSessionRow, SESSION_DB_NAME, sessionStore, warmStore } from '../../sync/shell';
import { loadDataLayer } from '../lib/data-layer';
import { afterFirstScreen } from '../lib/first-screen';
import { Providers } from './providers';
import { createRouter, preloadSignedIn } from './router';
import { registerWorker } from './register-worker';
import { listenForInstallOffer } from './install-prompt';

/** How long the early connection to the session database is held (the data layer opens its own). */
const WARM_CONNECTION_MS = 10_000;

// The install offer can come before the app has started: listen from the first moment.
listenForInstallOffer();

/*
 * A saved session (its browser-storage mirror) loads the data layer at once, with the
 * signed-in layout and the screen beside it, while the guards show a loader. Without one the
 * sign-in page shows at once, and the data layer loads when the form is focused or sent (use-login.ts) or
 * the session database turns out to hold a session after all: /login's first load carries
 * neither Dexie nor zod nor the sync engine.
 */
if (hasSessionMirror()) {
  loadDataLayer().catch((error: unknown) => console.error(error));
  preloadSignedIn(window.location.pathname);
  // The browser readies the origin's whole IndexedDB store at a start's first open (a quarter
  // of a second on a device holding head office, off the main thread), and meanwhile holds
  // back the Cache Storage reads the chunks come from. Begun here, once the chunks the
  // signed-in preload asked for have had the entry's evaluation to arrive, it is ready by the
  // time the data layer asks for the session (sync/device/session-hint.ts).
  warmStore(SESSION_DB_NAME, WARM_CONNECTION_MS);
} else {
  sessionStore.setState({ status: 'signed-out', user: null });
  void hasSessionRow().then((found) => {
    if (found) loadDataLayer().catch((error: unknown) => console.error(error));
  });
}

// A device set to Hindi opens in Hindi: its tables (a chunk of their own) are in before the
// first screen renders. On an English device this is one microtask.
void languageReady().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  ),
);
// The service worker's script and precache check wait until the first screen has shown.
afterFirstScreen(registerWorker);
