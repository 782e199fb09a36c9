import { useState } from 'react';
import { Button, Loader, Modal, Table, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { beneficiaryFileUrl, messages, type LocalBeneficiaryDocument } from '../../../../sync';
import { scrollRegionProps } from '../../../components/data-table';
import { DocumentActions, StoredImage } from '../../../components/stored-file';
import { SyncBadge } from '../../../components/sync-badge';
import { toast } from '../../../components/toast';
import { showDate } from '../../../lib/dates';
import { useTagSelect } from '../../../lib/use-lookups';
import { useUser } from '../../../lib/use-store';
import {
  documentPermissions,
  removeBeneficiaryDocument,
  useBeneficiaryDocuments,
  type DocumentOwner,
} from '../hooks/beneficiary-documents';
import { useT } from '../../../lib/i18n';

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A beneficiary's documents from the device: the file to open or download, and Delete by permission. */
export function BeneficiaryDocumentList({ beneficiary }: { beneficiary: DocumentOwner }) {
  const rows = useBeneficiaryDocuments(beneficiary);
  const tags = new Map(useTagSelect().map((t) => [t.value, t.label]));
  const { canDelete } = documentPermissions(useUser());
  const { t, message } = useT();
  if (rows === null) return <Loader aria-label={t('common.loading')} />;
  const tagOf = (row: LocalBeneficiaryDocument) => row.tag_data?.name ?? tags.get(text(row.tagId)) ?? text(row.tagId);
  const remove = async (row: LocalBeneficiaryDocument) => {
    const result = await removeBeneficiaryDocument(row.cid);
    if (result.ok) toast.success(messages.documentDeleted);
    else toast.error(result.message);
  };
  return (
    <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollRegionProps(t('admin.beneficiaries.documents'))}>
      <Table striped withTableBorder verticalSpacing="sm" aria-label={t('admin.beneficiaries.documents')}>
        <Table.Thead>
          <Table.Tr>
            {(
              [
                'table.slNo',
                'admin.common.tagName',
                'admin.common.documentDate',
                'admin.common.file',
                'admin.common.comment',
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
              <Table.Td colSpan={6}>
                <Text ta="center">{message(messages.noRecords)}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, i) => {
            const file = text(row.filename);
            const label = `${tagOf(row)} ${showDate(row.doc_date)}`.trim();
            return (
              <Table.Tr key={row.cid} data-testid="beneficiary-document">
                <Table.Td>
                  {i + 1} <SyncBadge state={row._sync} />
                </Table.Td>
                <Table.Td>{tagOf(row)}</Table.Td>
                <Table.Td>{showDate(row.doc_date)}</Table.Td>
                <Table.Td>{file && <StoredImage name={file} label={label} serverUrl={beneficiaryFileUrl} />}</Table.Td>
                <Table.Td>{text(row.comment)}</Table.Td>
                <Table.Td>
                  <DocumentActions
                    file={file}
                    serverUrl={file ? beneficiaryFileUrl(file) : null}
                    downloadLabel={t('admin.beneficiaries.download', { name: label })}
                    canDelete={canDelete}
                    onDelete={() => remove(row)}
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

/** The list row's Documents cell: how many, opening the documents (for every reader, not only editors). */
export function BeneficiaryDocumentsCell({ beneficiary, name }: { beneficiary: DocumentOwner; name: string }) {
  const rows = useBeneficiaryDocuments(beneficiary);
  const [open, setOpen] = useState(false);
  const { t } = useT();
  if (!rows?.length) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPaperclip size={16} />}
        onClick={() => setOpen(true)}
        aria-label={t('admin.beneficiaries.documentsOf', { name })}
      >
        {rows.length}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('admin.beneficiaries.documentsOf', { name })}
        size="xl"
      >
        <BeneficiaryDocumentList beneficiary={beneficiary} />
      </Modal>
    </>
  );
}
