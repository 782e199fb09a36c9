import { create } from 'zustand';

/** Chromium's install offer (not in the DOM typings). */
type InstallOffer = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

type InstallState = {
  /** The browser's offer to install the app, kept until used; null when there is none. */
  offer: InstallOffer | null;
  installed: boolean;
};

const standalone = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(display-mode: standalone)').matches
    : false;

export const installStore = create<InstallState>(() => ({ offer: null, installed: standalone() }));

/**
 * Keeps the browser's install offer so the app can make it from its own menu (a tablet's
 * staff install the app; Chromium shows no prompt of its own). Call once at start.
 */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installStore.setState({ offer: event as InstallOffer });
  });
  window.addEventListener('appinstalled', () => installStore.setState({ offer: null, installed: true }));
}

/** Shows the browser's install dialog; true when the user installed the app. */
export async function installApp(): Promise<boolean> {
  const { offer } = installStore.getState();
  if (!offer) return false;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  installStore.setState({ offer: null, installed: outcome === 'accepted' });
  return outcome === 'accepted';
}
