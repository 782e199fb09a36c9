import { sessionStore } from '../../sync/shell';
import { afterFirstScreen } from './first-screen';

type DataLayer = typeof import('../../sync');

let loading: Promise<DataLayer> | null = null;

/**
 * The data layer (sync/index.ts: Dexie, zod, the sync engine), loaded once and started: the
 * saved session restored, sync bound to it, and 'Unauthenticated.' while signed in reloading
 * the page (spec part 1, section 8). /login does not load it until a saved session is found
 * or the form is sent (sync/shell.ts); a chunk that fails to load is asked for again next time.
 */
export function loadDataLayer(): Promise<DataLayer> {
  loading ??= import('../../sync')
    .then(async (sync) => {
      // Marks of the start-up, for the cold start bench's timeline (tests/bench/cold-start.ts).
      performance.mark('ashray:data-layer');
      sync.onSessionEnded(() => window.location.reload());
      await sync.restoreSession();
      performance.mark('ashray:session');
      // The sync's reads and writes wait until the first screen has shown (lib/first-screen.ts).
      afterFirstScreen(() => sync.bindSyncToSession());
      return sync;
    })
    .catch((error: unknown) => {
      loading = null;
      // Whoever waited for the saved session is not left waiting: the sign-in page shows.
      if (sessionStore.getState().status === 'loading') sessionStore.setState({ status: 'signed-out', user: null });
      throw error;
    });
  return loading;
}
