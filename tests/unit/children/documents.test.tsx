import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { connectivityStore, messages, mutations, type LocalChild } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { documentRowsProblem, saveDocumentRows } from '../../../src/features/children/hooks/save-documents';
import {
  emptyDocumentRow,
  type DocumentRowValues,
} from '../../../src/features/children/components/registration-values';
import { ChildDocumentsPanel } from '../../../src/features/children/components/child-documents';
import { render } from '../../render';
import { adminUser, makeChild, seedChildren, staffUser, viewerUser } from './factories';
import { expectToast, offlineDevice, teardownDevice } from './helpers';

const png = (name = 'scan.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const mp3 = () => new File([new Uint8Array(10)], 'voice.mp3', { type: 'audio/mpeg' });
const row = (patch: Partial<DocumentRowValues>): DocumentRowValues => ({
  ...emptyDocumentRow(),
  tagId: '1',
  doc_date: '2024-03-01',
  filename: png(),
  ...patch,
});

// jsdom has no object URLs; the panel shows local Blobs through them. The device is
// offline, so nothing tries to upload (jsdom's FormData refuses IndexedDB's Blobs).
const realCreate = URL.createObjectURL;
beforeAll(() => {
  URL.createObjectURL = () => 'blob:local-file';
  connectivityStore.setState({ online: false });
});
afterAll(() => {
  URL.createObjectURL = realCreate;
  connectivityStore.setState({ online: true });
});

describe('document rows: every message (spec part 1, section 5)', () => {
  const cases: [Partial<DocumentRowValues>, string][] = [
    [{ tagId: '' }, messages.docTagRequired],
    [{ doc_date: '' }, messages.docDateRequired],
    [{ doc_date: '2024-02-31' }, messages.invalidDate],
    [{ filename: png('big.png', 5 * 1024 * 1024 + 1) }, messages.fileTooLarge],
    [{ filename: new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }) }, messages.fileType],
    [{ profile_audio_name: png('voice.png') }, messages.audioType],
    [
      { profile_audio_name: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'long.mp3', { type: 'audio/mpeg' }) },
      messages.fileTooLarge,
    ],
  ];
  for (const [patch, message] of cases) {
    it(message, () => {
      expect(documentRowsProblem([row({}), row(patch)])).toBe(message);
    });
  }
  it('complete rows, with or without audio, pass', () => {
    expect(documentRowsProblem([row({}), row({ profile_audio_name: mp3(), filename: null })])).toBeNull();
  });
});

describe('saving documents on the device', () => {
  beforeEach(() => offlineDevice(adminUser));
  afterEach(teardownDevice);

  it('each new row is one pending document entry; a child created offline is named by its cid and waited for (R6)', async () => {
    const created = await mutations.children.quickAdd({ name: 'Offline Child' });
    expect(created.ok).toBe(true);
    const cid = created.ok ? created.cid : '';
    const outcome = await saveDocumentRows({ cid }, [
      row({ profile_audio_name: mp3(), comment: 'front page' }),
      row({ tagId: '2' }),
      { ...row({}), id: '55' },
    ]);
    expect(outcome).toEqual({ ok: true, saved: 2 });
    // Rows are keyed by random cids: order them by tag to compare.
    const docs = (await currentDb().entity('documents').toArray()).sort((a, b) => Number(a.tagId) - Number(b.tagId));
    expect(docs.map((d) => [d.childregId, d.tagId, d.doc_date, d._sync])).toEqual([
      [cid, 1, '2024-03-01', 'pending'],
      [cid, 2, '2024-03-01', 'pending'],
    ]);
    expect(String(docs[0]!.filename)).toMatch(/^local-file:/);
    expect(String(docs[0]!.profile_audio_name)).toMatch(/^local-file:/);
    const entries = await currentDb()
      .outbox.filter((e) => e.entity === 'documents')
      .toArray();
    expect(entries.map((e) => e.dependsOn)).toEqual([[cid], [cid]]);
    expect(await currentDb().files.count()).toBe(3);
  });

  it('a row with a problem saves nothing', async () => {
    expect(await saveDocumentRows({ cid: 'c-1', id: 4 }, [row({}), row({ doc_date: '' })])).toEqual({
      ok: false,
      message: messages.docDateRequired,
    });
    expect(await currentDb().outbox.count()).toBe(0);
  });
});

describe('Images & Documents tab', () => {
  const child = makeChild(40) as LocalChild;
  async function seedDocuments() {
    await seedChildren([child]);
    await currentDb().lookups.put({
      key: 'tags_all',
      data: [
        { id: 1, name: 'Aadhar Card' },
        { id: 2, name: 'School Certificate' },
      ],
      pulledAt: Date.now(),
    });
    await currentDb().files.put({
      key: 'k-audio',
      blob: mp3(),
      name: 'voice.mp3',
      type: 'audio/mpeg',
      createdAt: Date.now(),
    });
    await currentDb()
      .entity('documents')
      .bulkPut([
        {
          cid: 's-9',
          id: 9,
          childregId: 40,
          tagId: 1,
          tag_data: { id: 1, name: 'Aadhar Card' },
          doc_date: '2024-01-02',
          filename: 'a.png',
          created_at: '2024-01-02T10:00:00.000Z',
          _sync: 'synced',
        },
        {
          cid: 'p-1',
          childregId: 40,
          tagId: 2,
          doc_date: '2024-02-03',
          filename: null,
          profile_audio_name: 'local-file:k-audio',
          _sync: 'pending',
        },
      ]);
  }
  afterEach(teardownDevice);

  it("lists the child's documents with audio to play, and deletes one after confirming", async () => {
    await offlineDevice(adminUser);
    await seedDocuments();
    render(<ChildDocumentsPanel child={child} editing />);
    const table = await screen.findByRole('table', { name: 'Child documents' });
    await waitFor(() => expect(within(table).getAllByTestId('document-entry')).toHaveLength(2));
    const [pending, stored] = within(table).getAllByTestId('document-entry');
    expect(pending).toHaveTextContent('School Certificate');
    expect(pending).toHaveTextContent('03-02-2024');
    expect(within(pending!).getByTestId('row-sync-badge')).toHaveTextContent('Pending');
    expect(await within(pending!).findByTestId('document-audio-player')).toHaveAttribute('src', 'blob:local-file');
    expect(stored).toHaveTextContent('Aadhar Card');
    expect(within(stored!).getByRole('button', { name: 'Download Aadhar Card' })).toBeInTheDocument();

    await userEvent.click(within(stored!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Document' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this document?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(messages.documentDeleted);
    await waitFor(() => expect(within(table).getAllByTestId('document-entry')).toHaveLength(1));
    const [entry] = await currentDb().outbox.toArray();
    expect(entry).toMatchObject({ entity: 'documents', op: 'delete', cid: 's-9' });
  });

  it("Add Document refuses an incomplete row with the spec's message; Save Documents checks and saves the rows", async () => {
    await offlineDevice(adminUser);
    await seedDocuments();
    render(<ChildDocumentsPanel child={child} editing />);
    const user = userEvent.setup({ applyAccept: false });
    const add = await screen.findByRole('button', { name: 'Add Document' });
    await user.click(add);
    const first = screen.getByRole('group', { name: 'Document 1' });
    await user.click(add);
    await expectToast(messages.docTagRequired);
    await user.click(within(first).getByRole('textbox', { name: 'Tag Name' }));
    await user.click(await screen.findByRole('option', { name: 'Aadhar Card', hidden: true }));
    await user.click(add);
    await expectToast(messages.docDateRequired);
    await user.type(within(first).getByRole('textbox', { name: "Document's Date" }), '05-03-2024');
    act(() => notifications.clean());
    await user.click(add);
    await expectToast(messages.documentsRequired);
    const [fileField, audioField] = first.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const fileInput = (name: string) => (name === 'document-file' ? fileField! : audioField!);

    await user.upload(fileInput('document-file'), new File(['text'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Save Documents' }));
    await expectToast(messages.fileType);
    await user.upload(fileInput('document-file'), png('big.png', 5 * 1024 * 1024 + 1));
    act(() => notifications.clean());
    await user.click(screen.getByRole('button', { name: 'Save Documents' }));
    await expectToast(messages.fileTooLarge);
    await user.upload(fileInput('document-file'), png());
    await user.upload(fileInput('document-audio'), png('voice.png'));
    await user.click(screen.getByRole('button', { name: 'Save Documents' }));
    await expectToast(messages.audioType);
    await user.upload(fileInput('document-audio'), mp3());
    act(() => notifications.clean());
    await user.click(screen.getByRole('button', { name: 'Save Documents' }));
    await expectToast('Documents added successfully');
    await waitFor(() => expect(screen.getAllByTestId('document-entry')).toHaveLength(3));
    expect(screen.queryByRole('group', { name: 'Document 1' })).not.toBeInTheDocument();
    const saved = (await currentDb().entity('documents').toArray()).find((d) => d.doc_date === '2024-03-05');
    expect(saved).toMatchObject({ childregId: 40, tagId: 1, _sync: 'pending' });
  });

  it('a user without child_document delete sees no Delete; a viewer cannot add documents', async () => {
    await offlineDevice(staffUser);
    await seedDocuments();
    const { unmount } = render(<ChildDocumentsPanel child={child} editing />);
    await waitFor(() => expect(screen.getAllByTestId('document-entry')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Document' })).toBeInTheDocument();
    unmount();
    await teardownDevice();
    await offlineDevice(viewerUser);
    await seedDocuments();
    render(<ChildDocumentsPanel child={child} editing />);
    await waitFor(() => expect(screen.getAllByTestId('document-entry')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Document' })).not.toBeInTheDocument();
  });

  it('View Profile shows the documents without Delete or Add Document, even to an admin (spec: Edit mode shows the Add buttons)', async () => {
    await offlineDevice(adminUser);
    await seedDocuments();
    render(<ChildDocumentsPanel child={child} editing={false} />);
    await waitFor(() => expect(screen.getAllByTestId('document-entry')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Document' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Aadhar Card' })).toBeInTheDocument();
  });
});
