import { useState } from 'react';
import { Button, Group, Image, Modal, UnstyledButton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadStoredFile, logAccess, messages, type AccessInput } from '../../sync';
import { saveFile } from '../lib/save-file';
import { useStoredFile } from '../lib/use-stored-file';
import { useOnline } from '../lib/use-store';
import { toast } from './toast';
import { DeleteButton } from './confirm-button';
import { useT } from '../lib/i18n';

/**
 * A stored image (a document's file) as a thumbnail that opens full size: its local Blob
 * while it waits to be sent, else the server's file (`serverUrl`), kept for offline.
 */
export function StoredImage({
  name,
  label,
  serverUrl,
  access,
}: {
  name: unknown;
  label: string;
  serverUrl: (name: unknown) => string | null;
  /** A child's file: opening it is an entry of the access log. */
  access?: AccessInput;
}) {
  const src = useStoredFile(name, serverUrl);
  const [open, setOpen] = useState(false);
  const { t } = useT();
  if (!name) return null;
  const view = () => {
    setOpen(true);
    if (access) void logAccess(access);
  };
  return (
    <>
      <UnstyledButton onClick={view} aria-label={t('components.storedFile.view', { label })}>
        <Image src={src} alt={label} w={64} h={64} fit="cover" radius="sm" data-testid="document-thumbnail" />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} size="lg" centered>
        <Image src={src} alt={label} fit="contain" mah="70vh" />
      </Modal>
    </>
  );
}

/**
 * Downloads a stored file under its original extension: one picked on this device from
 * IndexedDB, one on the server through download_images (online only).
 */
export function DownloadButton({
  name,
  serverUrl,
  label,
  access,
}: {
  name: string;
  serverUrl: string | null;
  label: string;
  /** A child's file: its download is an entry of the access log. */
  access?: AccessInput;
}) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const { t } = useT();
  const download = async () => {
    const local = name.startsWith('local-file:');
    if (!local && !online) return void toast.error(messages.serverNotRespondingRetry);
    setBusy(true);
    const file = await downloadStoredFile(name, serverUrl);
    setBusy(false);
    if (!file) return void toast.error(messages.somethingWentWrong);
    saveFile(file.blob, file.name);
    if (access) void logAccess({ ...access, action: 'file_download' });
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
      {t('components.storedFile.download')}
    </Button>
  );
}

/** A document row's actions: Download when it has a file, Delete (asked first) when allowed. */
export function DocumentActions({
  file,
  serverUrl,
  downloadLabel,
  canDelete,
  onDelete,
  access,
}: {
  file: string;
  serverUrl: string | null;
  downloadLabel: string;
  canDelete: boolean;
  onDelete: () => void;
  access?: AccessInput;
}) {
  const { t } = useT();
  return (
    <Group gap={4} wrap="nowrap">
      {file && <DownloadButton name={file} serverUrl={serverUrl} label={downloadLabel} access={access} />}
      {canDelete && (
        <DeleteButton
          title={t('components.storedFile.deleteTitle')}
          question={t('components.storedFile.deleteQuestion')}
          onConfirm={onDelete}
        />
      )}
    </Group>
  );
}
