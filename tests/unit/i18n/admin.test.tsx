import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { lookupKeys } from '../../../sync';
import { languageStore } from '../../../sync/shell';
import { adminTexts } from '../../../sync/contract/i18n/areas/admin';
import { adminTextsHi } from '../../../sync/contract/i18n/areas/admin-hi';
import { currentDb } from '../../../sync/device/session';
import { CenterListPage } from '../../../src/features/centers';
import { UserListPage } from '../../../src/features/users';
import { render } from '../../render';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';
import { loadHindi } from '../../../src/lib/i18n';

/*
 * Issue 28: the admin screens read in Hindi when the device's language is Hindi, with none
 * of the admin catalogue's English left on them, and switch back to the spec's English
 * without a reload.
 */

const centers = [
  { cid: 'c1', id: 1, name: 'SBT Head Office', centertypeId: 1, status: 1, _sync: 'synced' as const },
  { cid: 'c3', id: 3, name: 'Contact Point Alpha', centertypeId: 1, status: 1, _sync: 'synced' as const },
];
const users = [
  {
    cid: 'u1',
    id: 21,
    name: 'Asha Head',
    email: 'asha@demo.test',
    centerId: 1,
    role_id: 2,
    status: 1,
    _sync: 'synced' as const,
  },
];

/** The admin catalogue's English that Hindi writes otherwise, without placeholders (those are whole sentences with data in them). */
const english = new Set(
  (Object.entries(adminTexts) as [keyof typeof adminTexts, string][])
    .filter(([key, text]) => !text.includes('{{') && adminTextsHi[key] !== text)
    .map(([, text]) => text),
);

/**
 * Words of the shared row actions (src/components/row-actions.tsx: the hidden "Delete" of a
 * row's delete button), which the child screens' catalogue converts (areas/children.ts), not
 * these screens.
 */
const sharedComponents = new Set(['Delete']);
const untranslated = () => shownTexts().filter((text) => english.has(text) && !sharedComponents.has(text));

/** Every text a person reads or hears on the page: each text node, and the shown attributes. */
function shownTexts(): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) found.push(text);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]'))
    for (const name of ['aria-label', 'placeholder', 'title']) {
      const value = element.getAttribute(name)?.trim();
      if (value) found.push(value);
    }
  return found;
}

async function seed() {
  await offlineDevice(adminUser);
  await currentDb().entity('centers').bulkPut(centers);
  await currentDb().lookups.put({ key: lookupKeys.centersList, data: centers, pulledAt: Date.now() });
  await currentDb().entity('users').bulkPut(users);
}

const speak = (language: 'en' | 'hi') => act(() => languageStore.getState().setLanguage(language));

// Hindi is a chunk the app loads when it is chosen; here it is in before any switch.
beforeAll(loadHindi);

describe('the admin screens in Hindi', () => {
  afterEach(() => {
    speak('en');
    teardownDevice();
  });

  it('Users Management reads in Hindi, then in the English of the spec after a switch', async () => {
    await seed();
    speak('hi');
    render(<UserListPage />);
    const table = await screen.findByRole('table', { name: 'यूज़र की सूची' });
    expect(await within(table).findByText('Asha Head')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'यूज़र की सूची' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'यूज़र जोड़ें' })).toBeTruthy();
    expect(within(table).getByText('जुड़ने की तारीख')).toBeTruthy();
    expect(within(table).getByText('चालू')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'भूमिका' })).toBeTruthy();
    expect(untranslated()).toEqual([]);

    speak('en');
    const englishTable = await screen.findByRole('table', { name: 'Users Management List' });
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
    expect(within(englishTable).getByText('Join Date')).toBeTruthy();
    expect(within(englishTable).getByText('Enable')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Role' })).toBeTruthy();
  });

  it('Center Details reads in Hindi, its tiles and center types too, then in English after a switch', async () => {
    await seed();
    speak('hi');
    render(<CenterListPage />);
    const table = await screen.findByRole('table', { name: 'सेंटरों की सूची' });
    expect(await within(table).findByText('Contact Point Alpha')).toBeTruthy();
    expect(screen.getByText('कुल सेंटर')).toBeTruthy();
    expect(screen.getAllByText('संपर्क केंद्र').length).toBeGreaterThan(0);
    expect(within(table).getByText('सेंटर का ईमेल')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सेंटर जोड़ें' })).toBeTruthy();
    expect(untranslated()).toEqual([]);

    speak('en');
    const englishTable = await screen.findByRole('table', { name: 'Center Details' });
    expect(screen.getByText('Total Centers')).toBeTruthy();
    expect(within(englishTable).getAllByText('Contact Point').length).toBeGreaterThan(0);
    expect(within(englishTable).getByText('Center Email Id')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Center' })).toBeTruthy();
  });
});
