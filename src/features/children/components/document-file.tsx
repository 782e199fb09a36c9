import { useRef } from 'react';
import { documentFileUrl, logAccess, type AccessInput } from '../../../../sync';
import { StoredImage } from '../../../components/stored-file';
import { useDocumentFile } from '../hooks/use-children';

/** A document's image as a thumbnail that opens full size. */
export function DocumentImage({ name, label, access }: { name: unknown; label: string; access?: AccessInput }) {
  return <StoredImage name={name} label={label} serverUrl={documentFileUrl} access={access} />;
}

/** A document's audio, playable in place. */
export function DocumentAudio({ name, label, access }: { name: unknown; label: string; access?: AccessInput }) {
  const src = useDocumentFile(name);
  // Played once is one entry of the access log, however often it is paused and resumed.
  const logged = useRef(false);
  if (!name || !src) return null;
  return (
    <audio
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      data-testid="document-audio-player"
      onPlay={() => {
        if (!access || logged.current) return;
        logged.current = true;
        void logAccess(access);
      }}
      style={{ maxWidth: 240 }}
    />
  );
}
