import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { listRoles, pullAdminLists } from '../../../../sync';

export const useRolesPage = (page: number) => useLiveQuery(() => listRoles(page), [page], null);

/** Brings the device's roles up to date when the screen opens. */
export function usePullRoles() {
  useEffect(() => {
    void pullAdminLists(['roles']);
  }, []);
}
