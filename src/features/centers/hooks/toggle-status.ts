import { connectivityStore, messages, mutations, review, syncNow, type LocalCenter } from '../../../../sync';

/**
 * The status toggle (spec section 4: applied at once, reverted if the call fails), sent as
 * POST /center_status/{id}/{status} (spec section 7). The
 * change is saved on the device at once; online it is sent straight away and, when the
 * server refuses it, the queued change is discarded, which puts the server's status back.
 * Offline it waits in the outbox like every write.
 */
export async function toggleCenterStatus(
  center: LocalCenter,
  status: 0 | 1,
): Promise<{ ok: boolean; message: string }> {
  const saved = await mutations.centers.status(center.cid, { status });
  if (!saved.ok) return { ok: false, message: messages.somethingWentWrong };
  if (!connectivityStore.getState().online) return { ok: true, message: messages.statusChanged };
  await syncNow().catch(() => undefined);
  const refused = (await review.items()).find((item) => item.kind === 'rejected' && item.entry.cid === center.cid);
  if (refused?.kind === 'rejected') {
    await review.discard(refused.entry.seq!);
    return { ok: false, message: messages.somethingWentWrong };
  }
  return { ok: true, message: messages.statusChanged };
}
