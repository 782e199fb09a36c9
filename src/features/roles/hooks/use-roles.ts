import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import { listRoles, pullAdminLists } from '../../../../sync';

export const useRolesPage = (page: number) => useLiveQuery(() => listRoles(page), [page], null);

/** Brings the device's roles, and the users who hold them (a role in use says so before a delete), up to date when the screen opens. */
export function usePullRoles() {
  useEffect(() => {
    void pullAdminLists(['roles', 'users']);
  }, []);
}
