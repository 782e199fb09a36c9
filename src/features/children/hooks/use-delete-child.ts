import { mutations } from '../../../../sync';

/** Deletes a child on the device and queues the delete; the row's DeleteAction tells the outcome. */
export const deleteChild = (cid: string) => mutations.children.delete(cid);
