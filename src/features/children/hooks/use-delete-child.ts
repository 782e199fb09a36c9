import { messages, mutations } from '../../../../sync';
import { toast } from '../../../components/toast';

/** Deletes a child on the device and queues the delete; the spec's toast either way. */
export async function deleteChild(cid: string): Promise<boolean> {
  const result = await mutations.remove('children', cid);
  if (result.ok) toast.success(messages.childDeleted);
  else toast.error(result.message || messages.somethingWentWrong);
  return result.ok;
}
