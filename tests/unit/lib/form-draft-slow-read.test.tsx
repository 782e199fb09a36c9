import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentDb } from '../../../sync/device/session';
import { QuickAddModal } from '../../../src/features/children/components/quick-add-modal';
import { render } from '../../render';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

// A cheap tablet reads its saved draft slowly: what is typed meanwhile must still be kept.
let readDelayMs = 0;
vi.mock('../../../sync', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../sync')>();
  return {
    ...real,
    readDraft: async (key: string) => {
      await new Promise((resolve) => setTimeout(resolve, readDelayMs));
      return real.readDraft(key);
    },
  };
});

describe('form drafts on a slow device', () => {
  beforeEach(() => offlineDevice(adminUser));
  afterEach(teardownDevice);

  it('typing before the saved draft is read is kept, whether the form stays open or is left at once', async () => {
    readDelayMs = 1500;
    const first = render(<QuickAddModal onClose={() => undefined} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha');
    await waitFor(
      async () => expect((await currentDb().drafts.get('quick-add:new'))?.values).toMatchObject({ name: 'Asha' }),
      {
        timeout: 4000,
      },
    );
    first.unmount();

    readDelayMs = 1500;
    const second = render(<QuickAddModal onClose={() => undefined} />);
    second.unmount(); // left before the draft was read: the untouched form does not erase it
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await currentDb().drafts.get('quick-add:new'))?.values).toMatchObject({ name: 'Asha' });
  });
});
