import { useState } from 'react';
import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useLiveQuery } from '../../../lib/use-live-query';
import {
  childImageUrl,
  documentFileUrl,
  listChildDocuments,
  messages,
  type LocalChild,
  type LocalEntry,
} from '../../../../sync';
import { showDate as day } from '../../../lib/dates';
import { FileRows } from '../../../components/file-rows';
import { SyncBadge } from '../../../components/sync-badge';
import { toast } from '../../../components/toast';
import { useChildPermissions } from '../hooks/use-child-permissions';

import { removeDocument, saveDocumentRows, type DocumentChild } from '../hooks/save-documents';
import { ChildPhoto } from './child-photo';
import { DocumentActions, DownloadButton } from '../../../components/stored-file';
import { DocumentAudio, DocumentImage } from './document-file';
import { emptyDocumentRow, type DocumentRowValues } from './registration-values';
import { useTagSelect } from '../../../lib/use-lookups';
import { textOf, useT } from '../../../lib/i18n';

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A child's documents from the device (pending ones first): image, audio, download, and in Edit Profile delete by permission. */
export function ChildDocumentList({ child, editing }: { child: DocumentChild; editing: boolean }) {
  const rows = useLiveQuery(() => listChildDocuments(child), [child.cid, child.id], null);
  const tags = new Map(useTagSelect().map((t) => [t.value, t.label]));
  const { canDeleteDocument } = useChildPermissions();
  const { t, message } = useT();
  if (rows === null) return <Loader aria-label={t('common.loading')} />;
  const tagOf = (row: LocalEntry) =>
    (row.tag_data as { name?: string } | null)?.name ?? tags.get(text(row.tagId)) ?? text(row.tagId);
  const remove = async (row: LocalEntry) => {
    const result = await removeDocument(row.cid);
    if (result.ok) toast.success(messages.documentDeleted);
    else toast.error(result.message);
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="sm" aria-label={t('children.documents.label')}>
        <Table.Thead>
          <Table.Tr>
            {(
              [
                'table.slNo',
                'components.fileRows.tag',
                'components.fileRows.date',
                'components.fileRows.file',
                'components.fileRows.audio',
                'components.fileRows.comment',
                'column.action',
              ] as const
            ).map((h) => (
              <Table.Th key={h}>{t(h)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text ta="center">{message(messages.noRecords)}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, i) => {
            const file = text(row.filename);
            const subject = `document ${text(row.id) || 'not sent yet'}`;
            const childIds = typeof child.id === 'number' ? [child.id] : [];
            return (
              <Table.Tr key={row.cid} data-testid="document-entry">
                <Table.Td>
                  {i + 1} <SyncBadge state={row._sync} />
                </Table.Td>
                <Table.Td>{tagOf(row)}</Table.Td>
                <Table.Td>{day(row.doc_date)}</Table.Td>
                <Table.Td>
                  {file && (
                    <DocumentImage
                      name={file}
                      label={`${tagOf(row)} ${day(row.doc_date)}`}
                      access={{ action: 'document_view', childIds, subject }}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {row.profile_audio_name ? (
                    <DocumentAudio
                      name={row.profile_audio_name}
                      label={t('children.documents.audioOf', { tag: tagOf(row) })}
                      access={{ action: 'audio_view', childIds, subject }}
                    />
                  ) : null}
                </Table.Td>
                <Table.Td>{text(row.comment)}</Table.Td>
                <Table.Td>
                  <DocumentActions
                    file={file}
                    serverUrl={file ? documentFileUrl(file) : null}
                    downloadLabel={t('children.documents.downloadOf', { tag: tagOf(row) })}
                    canDelete={editing && canDeleteDocument}
                    onDelete={() => remove(row)}
                    access={{ action: 'document_view', childIds, subject }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** New document rows for an existing child, saved on the device with Save Documents. */
export function AddDocuments({ child }: { child: DocumentChild }) {
  const [rows, setRows] = useState<DocumentRowValues[]>([]);
  const [busy, setBusy] = useState(false);
  const tags = useTagSelect();
  const { t } = useT();
  const save = async () => {
    setBusy(true);
    const outcome = await saveDocumentRows(child, rows);
    setBusy(false);
    if (!outcome.ok) return void toast.error(outcome.message);
    setRows([]);
    toast.success(textOf('children.documents.added'));
  };
  return (
    <Stack>
      <FileRows rows={rows} tags={tags} newRow={emptyDocumentRow} onChange={setRows} />
      {rows.length > 0 && (
        <Group>
          <Button size="md" loading={busy} onClick={() => void save()}>
            {t('children.documents.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The profile's Images & Documents tab: the photo and the documents; in Edit Profile (spec:
 * Edit mode shows the Add buttons) also delete and new rows for users who may edit.
 */
export function ChildDocumentsPanel({ child, editing }: { child: LocalChild; editing: boolean }) {
  const { canEdit } = useChildPermissions();
  const image = text(child.image);
  const { t } = useT();
  return (
    <Stack>
      <Group>
        <ChildPhoto image={child.image} name={child.name ?? ''} size={120} />
        {image && (
          <DownloadButton
            name={image}
            serverUrl={childImageUrl(image)}
            label={t('children.documents.downloadPhoto')}
            access={{
              action: 'photo_view',
              childIds: typeof child.id === 'number' ? [child.id] : [],
              subject: 'photo',
            }}
          />
        )}
      </Group>
      <Title order={4}>{t('children.documents.title')}</Title>
      <ChildDocumentList child={child} editing={editing} />
      {editing && canEdit && <AddDocuments child={child} />}
    </Stack>
  );
}
