import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { likelyDuplicates, matchChild, nameLikeness, SIMILAR_NAME } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { ChildProfilePage } from '../../../src/features/children';
import { makeChild, seedChildren, staffUser } from './factories';
import { offlineDevice, renderChildrenAt, teardownDevice } from './helpers';

const ravi = makeChild(41, {
  name: 'Ravi Kumar',
  gender: 'Male',
  centerdetailId: 3,
  dateofarrival: '2024-03-01',
  uniqueId: 'CHL/41',
});

describe('likely duplicates of a new child (a similar name, the same gender, and center, arrival or birth date)', () => {
  it('names are alike regardless of case, dots, spaces and word order; another name is not', () => {
    expect(nameLikeness('Sunita Devi', 'sunita  devee.')).toBeGreaterThanOrEqual(SIMILAR_NAME);
    expect(nameLikeness('Devi Sunita', 'Sunita Devi')).toBe(1);
    expect(nameLikeness('Ravi', 'Rani')).toBeLessThan(SIMILAR_NAME);
    expect(nameLikeness('', 'Ravi')).toBe(0);
  });

  it('a match needs the same gender and one more agreeing detail, and says which', () => {
    const base = { name: 'ravi kumar', gender: 'Male' };
    expect(matchChild({ ...base, centerdetailId: '3' }, ravi)?.reasons).toEqual(['center']);
    expect(matchChild({ ...base, centerdetailId: '9', dateofarrival: '2024-03-20' }, ravi)?.reasons).toEqual([
      'arrival',
    ]);
    expect(matchChild({ ...base, centerdetailId: '9', dateofarrival: '2024-06-20' }, ravi)).toBeNull();
    expect(matchChild({ ...base, gender: 'Female', centerdetailId: '3' }, ravi)).toBeNull();
    expect(matchChild({ ...base, centerdetailId: '3' }, { ...ravi, _deleted: 1 })).toBeNull();
  });

  describe('on the device', () => {
    beforeEach(() => offlineDevice(staffUser));
    afterEach(teardownDevice);

    it('finds the likely children among many, best first', async () => {
      const others = Array.from({ length: 300 }, (_, i) => makeChild(100 + i));
      const raviOtherCenter = makeChild(42, { name: 'Ravi Kumaar', gender: 'Male', centerdetailId: 2 });
      await seedChildren([...others, ravi, raviOtherCenter]);
      const found = await likelyDuplicates({
        name: 'Ravi Kumar',
        gender: 'Male',
        centerdetailId: 3,
        dateofarrival: '2024-03-05',
      });
      expect(found.map((m) => [m.child.name, m.reasons])).toEqual([['Ravi Kumar', ['center', 'arrival']]]);
      expect(await likelyDuplicates({ name: '  ', gender: 'Male' })).toEqual([]);
    });

    it('Quick Add shows the likely child before saving: it can be opened, or a new child saved', async () => {
      await seedChildren([ravi]);
      renderChildrenAt('/child-registration');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Quick Add' }));
      const dialog = await screen.findByRole('dialog', { name: 'Quick Add' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'ravi kumar');
      await user.click(within(dialog).getByRole('textbox', { name: 'Gender' }));
      await user.click(await screen.findByRole('option', { name: 'Male', hidden: true }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Date of Arrival' }), '05-03-2024');
      await user.upload(
        dialog.querySelector('input[type="file"]') as HTMLInputElement,
        new File([new Uint8Array(10)], 'p.png', { type: 'image/png' }),
      );
      await user.click(within(dialog).getByRole('textbox', { name: 'CWC Action' }));
      await user.click(await screen.findByRole('option', { name: 'Produce to CWC', hidden: true }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const panel = await within(dialog).findByTestId('possible-matches');
      expect(panel).toHaveTextContent('This child may already be registered');
      expect(within(panel).getByTestId('possible-match')).toHaveTextContent('Ravi Kumar · CHL/41');
      expect(within(panel).getByTestId('possible-match')).toHaveTextContent('same center, arrived within 30 days');
      expect(within(panel).getByRole('link', { name: 'Open Ravi Kumar' })).toHaveAttribute(
        'href',
        '/child-registration/profile?child=41&mode=view',
      );
      expect(await currentDb().outbox.count()).toBe(0);

      await user.click(within(panel).getByRole('button', { name: 'Save as a new child' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick Add' })).not.toBeInTheDocument());
      expect(await currentDb().entity('children').count()).toBe(2);
      expect(await currentDb().outbox.count()).toBe(1);
    }, 30_000);

    it('the registration wizard asks after Basic Info, and goes on as a new child when told to', async () => {
      await seedChildren([ravi]);
      await currentDb().lookups.put({
        key: 'centers_list',
        data: [{ id: 3, name: 'Center Three' }],
        pulledAt: Date.now(),
      });
      renderChildrenAt('/child-registration/profile', <ChildProfilePage />);
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ravi Kumar');
      await user.type(screen.getByRole('textbox', { name: 'Date of Arrival' }), '20-03-2024');
      await user.click(screen.getByRole('textbox', { name: 'Gender' }));
      await user.click(await screen.findByRole('option', { name: 'Male', hidden: true }));
      await user.click(screen.getByRole('textbox', { name: 'Center Name' }));
      await user.click(await screen.findByRole('option', { name: 'Center Three', hidden: true }));
      await user.click(screen.getByRole('button', { name: 'Next' }));

      const panel = await screen.findByTestId('possible-matches');
      expect(within(panel).getByTestId('possible-match')).toHaveTextContent('Center Three');
      expect(screen.queryByRole('textbox', { name: 'CWC Action' })).not.toBeInTheDocument();
      await user.click(within(panel).getByRole('button', { name: 'Continue as a new child' }));
      expect(await screen.findByRole('textbox', { name: 'CWC Action' })).toBeInTheDocument();
      expect(screen.queryByTestId('possible-matches')).not.toBeInTheDocument();
    }, 30_000);
  });
});
