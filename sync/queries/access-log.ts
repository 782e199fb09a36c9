import { buildPath, type ChildAccessRow, type Pagination } from '../contract';
import { request } from '../net/transport';
import { deviceId } from '../device/access-log';

/*
 * A child's access history (GET /child_access_log/{id}, our extension): read online only,
 * by administrators; the server logs the read itself. The device keeps no copy: who looked
 * at a child is not for every device that holds the child.
 */

export type AccessHistoryPage = { rows: ChildAccessRow[]; pagination: Pagination | null };

/** One page of a child's access history, newest first. Throws a SyncError offline or when refused. */
export async function fetchAccessHistory(childId: number, page: number): Promise<AccessHistoryPage> {
  const answer = await request<ChildAccessRow[]>('GET', buildPath('childAccessLog', { id: childId }), {
    searchParams: { page },
    headers: { 'X-Device-Id': deviceId() },
  });
  return { rows: answer.data ?? [], pagination: answer.pagination ?? null };
}
