import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import { authorisedImageUrl, listUsers, pullAdminLists, roleOptions, userImageUrl } from '../../../../sync';

export function useUsersPage(filter: Parameters<typeof listUsers>[0], page: number) {
  const key = JSON.stringify(filter);
  return useLiveQuery(() => listUsers(filter, page), [key, page], null);
}

export const useRoleOptions = () => useLiveQuery(() => roleOptions(), [], []);

/** A user's picture fetched with the bearer token; null while pending or offline. */
export function useUserImage(image: unknown): string | null {
  const url = userImageUrl(image);
  return useLiveQuery(() => (url ? authorisedImageUrl(url) : null), [url], null);
}

/** Brings the device's users and roles up to date when the screen opens. */
export function usePullUsers() {
  useEffect(() => {
    void pullAdminLists(['roles', 'users']);
  }, []);
}
