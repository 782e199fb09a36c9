import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { connectivityStore, messages, type SessionUser } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { BeneficiaryListPage } from '../../../src/features/beneficiaries';
import { renderRoutes } from '../../render';
import { adminUser, viewerUser } from '../children/factories';
import { expectToast, offlineDevice, teardownDevice } from '../children/helpers';

/*
 * A non-registered beneficiary's documents on the /medical list (ours: the issue's
 * "documents"): shown from the row and in the Update form, each file to open or
 * download, removable by permission, and new ones saved with the beneficiary on the
 * device, their files kept there until sent (sync/SPEC.md R1, R2, R6).
 */

const png = (name = 'scan.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const fieldWorker: SessionUser = {
  ...adminUser,
  id: 11,
  token: 't-field',
  email: 'field@demo.test',
  role: { id: 5, name: 'field worker', permissions: { child_tracking: { view: 1, create: 1, edit: 1, delete: 1 } } },
  centerId: 3,
};

// jsdom has no object URLs; the list shows local Blobs through them. The device is
// offline, so nothing tries to upload.
const realCreate = URL.createObjectURL;
beforeAll(() => {
  URL.createObjectURL = () => 'blob:local-file';
  connectivityStore.setState({ online: false });
});
afterAll(() => {
  URL.createObjectURL = realCreate;
  connectivityStore.setState({ online: true });
});
afterEach(teardownDevice);

async function seed() {
  const db = currentDb();
  await db.lookups.put({ key: 'tags_all', data: [{ id: 1, name: 'Prescription' }], pulledAt: Date.now() });
  await db.files.put({ key: 'k-scan', blob: png(), name: 'scan.png', type: 'image/png', createdAt: Date.now() });
  await db.entity('beneficiaries').put({
    cid: 's5',
    id: 5,
    name: 'Camp Visitor',
    centerId: 3,
    service: 'medical',
    service_date: '2025-02-01',
    updated_at: '2025-02-01T10:00:00.000Z',
    _sync: 'synced',
  });
  await db.entity('beneficiaryDocuments').bulkPut([
    {
      cid: 's9',
      id: 9,
      beneficiaryId: 5,
      tagId: 1,
      tag_data: { id: 1, name: 'Prescription' },
      doc_date: '2025-02-01',
      filename: 'a.png',
      comment: 'From the camp',
      created_at: '2025-02-01T10:00:00.000Z',
      _sync: 'synced',
    },
    {
      cid: 'p1',
      beneficiaryId: 5,
      tagId: 1,
      doc_date: '2025-02-02',
      filename: 'local-file:k-scan',
      _sync: 'pending',
    },
  ]);
}

const renderList = () =>
  renderRoutes(
    [{ path: '/medical', element: <BeneficiaryListPage service="medical" /> }],
    '/medical?type=non-registered',
  );

describe("a non-registered beneficiary's documents", () => {
  it('the row opens its documents for any reader: each file to view or download, no Delete for a viewer', async () => {
    await offlineDevice(viewerUser);
    await seed();
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Documents of Camp Visitor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documents of Camp Visitor' });
    const entries = await within(dialog).findAllByTestId('beneficiary-document');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Prescription');
    expect(entries[0]).toHaveTextContent('From the camp');
    expect(within(entries[1]!).getByTestId('row-sync-badge')).toHaveTextContent('Pending');
    await waitFor(() =>
      expect(within(entries[1]!).getByRole('img', { name: 'Prescription 02-02-2025' })).toHaveAttribute(
        'src',
        'blob:local-file',
      ),
    );
    expect(within(entries[0]!).getByRole('button', { name: 'Download Prescription 01-02-2025' })).toBeInTheDocument();
    await userEvent.click(within(entries[1]!).getByRole('button', { name: 'View Prescription 02-02-2025' }));
    expect(await screen.findByRole('dialog', { name: 'Prescription 02-02-2025' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('Update lists the stored documents, deletes one after confirming, and saves a new row with its file on the device', async () => {
    await offlineDevice(adminUser);
    await seed();
    renderList();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: /Edit Camp Visitor/ }));
    const form = await screen.findByRole('dialog', { name: 'Update Beneficiary' });
    const stored = await within(form).findAllByTestId('beneficiary-document');
    await user.click(within(stored[0]!).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Document' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expectToast(messages.documentDeleted);
    await waitFor(() => expect(within(form).getAllByTestId('beneficiary-document')).toHaveLength(1));
    expect(await currentDb().outbox.toArray()).toMatchObject([
      { entity: 'beneficiaryDocuments', op: 'delete', cid: 's9' },
    ]);

    const add = within(form).getByRole('button', { name: 'Add Document' });
    await user.click(add);
    const row = within(form).getByRole('group', { name: 'Document 1' });
    expect(row.querySelectorAll('input[type="file"]')).toHaveLength(1);
    act(() => notifications.clean());
    await user.click(add);
    await expectToast(messages.docTagRequired);
    await user.click(within(row).getByRole('textbox', { name: 'Tag Name' }));
    await user.click(await screen.findByRole('option', { name: 'Prescription', hidden: true }));
    await user.type(within(row).getByRole('textbox', { name: "Document's Date" }), '05-02-2025');
    const file = row.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    await expectToast(messages.documentsRequired);
    await user.upload(file, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    await expectToast(messages.fileType);
    act(() => notifications.clean());
    await user.upload(file, png('big.png', 5 * 1024 * 1024 + 1));
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    await expectToast(messages.fileTooLarge);
    await user.upload(file, png('prescription.png'));
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    await expectToast('Beneficiary updated successfully');

    const added = (await currentDb().entity('beneficiaryDocuments').toArray()).find((d) => d.doc_date === '2025-02-05');
    expect(added).toMatchObject({ beneficiaryId: 5, tagId: 1, _sync: 'pending' });
    expect(String(added!.filename)).toMatch(/^local-file:/);
    const entry = (
      await currentDb()
        .outbox.filter((e) => e.entity === 'beneficiaryDocuments')
        .toArray()
    ).find((e) => e.op === 'create');
    expect(entry?.fileKeys).toHaveLength(1);
    expect((await currentDb().files.get(entry!.fileKeys[0]!))?.name).toBe('prescription.png');
  });

  it('a new beneficiary saves with its documents, which wait for it (R6); deleting it before they are sent leaves no document queued', async () => {
    await offlineDevice(fieldWorker);
    await seed();
    renderList();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const form = await screen.findByRole('dialog', { name: 'Add Beneficiary' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'School Drive Child');
    await user.type(within(form).getByRole('textbox', { name: 'Date' }), '03-02-2025');
    await user.click(within(form).getByRole('button', { name: 'Add Document' }));
    const row = within(form).getByRole('group', { name: 'Document 1' });
    await user.click(within(row).getByRole('textbox', { name: 'Tag Name' }));
    await user.click(await screen.findByRole('option', { name: 'Prescription', hidden: true }));
    await user.type(within(row).getByRole('textbox', { name: "Document's Date" }), '03-02-2025');
    await user.upload(row.querySelector<HTMLInputElement>('input[type="file"]')!, png('report.png'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expectToast('Beneficiary added successfully');

    const beneficiary = (await currentDb().entity('beneficiaries').toArray()).find(
      (b) => b.name === 'School Drive Child',
    );
    const documents = await currentDb()
      .entity('beneficiaryDocuments')
      .where('beneficiaryId')
      .equals(beneficiary!.cid)
      .toArray();
    expect(documents).toHaveLength(1);
    const entries = await currentDb().outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.entity, e.op, e.dependsOn])).toEqual([
      ['beneficiaries', 'create', []],
      ['beneficiaryDocuments', 'create', [beneficiary!.cid]],
    ]);
    await user.click(await screen.findByRole('button', { name: 'Documents of School Drive Child' }));
    expect(await screen.findByRole('dialog', { name: 'Documents of School Drive Child' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: /Delete School Drive Child/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete beneficiary' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expectToast('Beneficiary deleted successfully');
    // The beneficiary's create may have gone out already (then its delete follows it, R3);
    // its document's never did: the queued add and its removal cancel out, file and all.
    expect(
      await currentDb()
        .outbox.filter((e) => e.entity === 'beneficiaryDocuments')
        .count(),
    ).toBe(0);
    expect(
      await currentDb().entity('beneficiaryDocuments').where('beneficiaryId').equals(beneficiary!.cid).count(),
    ).toBe(0);
    expect(await currentDb().files.count()).toBe(1);
  });
});
