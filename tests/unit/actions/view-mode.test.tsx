import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { currentDb } from '../../../sync/device/session';
import { ChildActionsPanel } from '../../../src/features/actions';
import { render } from '../../render';
import { adminUser, makeChild, seedChildren } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

const child = makeChild(41);
const medical = {
  cid: 'h-med',
  id: 901,
  childregId: 41,
  history_status: 'medical_issue',
  comment: 'fever checked',
  created_at: '2025-01-17T10:00:00.000Z',
  _sync: 'synced' as const,
  _base: { id: 901 },
};

describe('View Profile is for reading (spec part 1: Edit mode shows the Action dropdown and Add buttons)', () => {
  afterEach(teardownDevice);

  it('a history table in View Profile has no Delete and no Add, even for an admin; in Edit Profile it has both', async () => {
    await offlineDevice(adminUser);
    await seedChildren([child]);
    await currentDb().entity('history').put(medical);
    const view = render(<ChildActionsPanel child={child} section="Medical" editing={false} />);
    await screen.findByText('fever checked');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    view.unmount();

    render(<ChildActionsPanel child={child} section="Medical" editing />);
    await screen.findByText('fever checked');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });
});
