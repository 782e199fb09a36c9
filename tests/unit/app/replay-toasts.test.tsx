import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { replayNoticeStore } from '../../../sync';
import { publishReplayNotices } from '../../../sync/engine/replay-notices';
import { toast } from '../../../src/components/toast';
import { useReplayToasts } from '../../../src/app/use-replay-toasts';
import { render } from '../../render';

function Toasts() {
  useReplayToasts();
  return null;
}

const shown = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');

describe('what the server said of delivered changes is toasted (spec part 1, section 8)', () => {
  it("a refused save shows its first message as an error; an accepted save shows the server's message once", async () => {
    render(<Toasts />);
    toast.success('Tag added successfully');
    act(() =>
      publishReplayNotices(
        ['Tag added successfully', 'Center updated on the server'],
        ['The name has already been taken.'],
      ),
    );
    await waitFor(() => expect(shown().some((t) => t.includes('The name has already been taken.'))).toBe(true));
    await waitFor(() => expect(shown().filter((t) => t.includes('Center updated on the server'))).toHaveLength(1));
    // The local toast already said it: the server's echo is not shown twice.
    expect(shown().filter((t) => t.includes('Tag added successfully'))).toHaveLength(1);
    expect(replayNoticeStore.getState().refused).toEqual(['The name has already been taken.']);
  });

  it('many saves accepted at once after a time offline are one toast', async () => {
    render(<Toasts />);
    act(() => publishReplayNotices(['a', 'b', 'c', 'd'], []));
    expect(await screen.findByText('4 changes saved on this device reached the server')).toBeTruthy();
    expect(shown().some((t) => t.endsWith('a'))).toBe(false);
  });
});
