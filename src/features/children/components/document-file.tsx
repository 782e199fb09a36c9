import { useState } from 'react';
import { Button, Image, Modal, UnstyledButton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadStoredFile, messages } from '../../../../sync';
import { toast } from '../../../components/toast';
import { saveFile } from '../../../lib/save-file';
import { useOnline } from '../../../lib/use-store';
import { useDocumentFile } from '../hooks/use-children';

/** A document's image as a thumbnail that opens full size. */
export function DocumentImage({ name, label }: { name: unknown; label: string }) {
  const src = useDocumentFile(name);
  const [open, setOpen] = useState(false);
  if (!name) return null;
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={`View ${label}`}>
        <Image src={src} alt={label} w={64} h={64} fit="cover" radius="sm" data-testid="document-thumbnail" />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} size="lg" centered>
        <Image src={src} alt={label} fit="contain" mah="70vh" />
      </Modal>
    </>
  );
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

/**
 * Downloads a stored file under its original extension: one picked on this device from
 * IndexedDB, one on the server through download_images (online only).
 */
export function DownloadButton({ name, serverUrl, label }: { name: string; serverUrl: string | null; label: string }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const local = name.startsWith('local-file:');
    if (!local && !online) return void toast.error(messages.serverNotRespondingRetry);
    setBusy(true);
    const file = await downloadStoredFile(name, serverUrl);
    setBusy(false);
    if (!file) return void toast.error(messages.somethingWentWrong);
    saveFile(file.blob, file.name);
  };
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={() => void download()}
      aria-label={label}
    >
      Download
    </Button>
  );
}
