import { tagFormSchema, type LocalTag } from '../../../../sync';
import { NameModal } from '../../../components/name-modal';
import { saveTag } from '../hooks/save-tag';

/** Add Tag / Update Tag. */
export function TagModal({ tag, onClose }: { tag?: LocalTag; onClose: () => void }) {
  return <NameModal noun="Tag" schema={tagFormSchema} record={tag} save={saveTag} onClose={onClose} />;
}
