import { createStore } from 'zustand/vanilla';

/** Whether the browser believes it is online; the header and the replayer read it. */
export const connectivityStore = createStore<{ online: boolean }>(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => connectivityStore.setState({ online: true }));
  window.addEventListener('offline', () => connectivityStore.setState({ online: false }));
}
