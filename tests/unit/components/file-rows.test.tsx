import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileRows, type FileRowValues } from '../../../src/components/file-rows';
import { render } from '../../render';

const newRow = (): FileRowValues => ({
  tagId: '',
  doc_date: '',
  filename: null,
  profile_audio_name: null,
  comment: '',
});
const tagged: FileRowValues = { ...newRow(), tagId: '3' };
const tags = [{ value: '3', label: 'Birth certificate' }];

describe('Add Document (spec part 1, section 5)', () => {
  it('on a CWC add page a row with only its tag lets another be added', async () => {
    const onChange = vi.fn();
    render(<FileRows rows={[tagged]} onChange={onChange} tags={tags} newRow={newRow} addRule="tagOnly" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Document' }));
    expect(onChange).toHaveBeenCalledWith([tagged, newRow()]);
  });

  it('elsewhere the same row still needs its date and file', async () => {
    const onChange = vi.fn();
    render(<FileRows rows={[tagged]} onChange={onChange} tags={tags} newRow={newRow} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Document' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(await screen.findByText("Document's Date is required")).toBeTruthy();
  });
});
