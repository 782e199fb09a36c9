import { documentFileUrl } from '../../../../sync';
import { StoredImage } from '../../../components/stored-file';
import { useDocumentFile } from '../hooks/use-children';

/** A document's image as a thumbnail that opens full size. */
export function DocumentImage({ name, label }: { name: unknown; label: string }) {
  return <StoredImage name={name} label={label} serverUrl={documentFileUrl} />;
}

/** A document's audio, playable in place. */
export function DocumentAudio({ name, label }: { name: unknown; label: string }) {
  const src = useDocumentFile(name);
  if (!name || !src) return null;
  return (
    <audio
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      data-testid="document-audio-player"
      style={{ maxWidth: 240 }}
    />
  );
}
