import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bindSyncToSession, onSessionEnded, restoreSession } from '../../sync';
import { Providers } from './providers';
import { createRouter } from './router';
import { registerWorker } from './register-worker';
import { listenForInstallOffer } from './install-prompt';

// 'Unauthenticated.' while signed in: the saved user is removed and the page reloads.
onSessionEnded(() => window.location.reload());
// The install offer can come before the app has started: listen from the first moment.
listenForInstallOffer();

async function start() {
  await restoreSession();
  bindSyncToSession();
  registerWorker();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  );
}

void start();
