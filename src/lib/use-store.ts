import { useStore } from 'zustand';
import { connectivityStore, sessionStore } from '../../sync/shell';

export const useSession = () => useStore(sessionStore);
export const useOnline = () => useStore(connectivityStore, (s) => s.online);

/** The signed-in user; only call under the auth guard. */
export function useUser() {
  const { user } = useSession();
  if (!user) throw new Error('useUser outside a signed-in route');
  return user;
}
