import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { setFetch } from '../../../sync/net/transport';
import { languageStore } from '../../../sync/device/language-store';
import { servicesTexts } from '../../../sync/contract/i18n/areas/services';
import { servicesTextsHi } from '../../../sync/contract/i18n/areas/services-hi';
import { MealListPage } from '../../../src/features/meals';
import { SyncPage } from '../../../src/features/sync';
import { render } from '../../render';
import { adminUser, freshDeviceSignedInAs } from '../children/factories';
import { loadHindi } from '../../../src/lib/i18n';

/*
 * The services area's screens in Hindi (README "Languages"): Meal Management and the Sync
 * page show the Hindi catalogue and none of the area's English texts for them, and a switch
 * back to English shows the spec's words again, without a reload.
 */

/** The area's English texts of the screens whose keys start with `prefixes` (placeholders dropped). */
const englishOf = (...prefixes: string[]) =>
  (Object.entries(servicesTexts) as [keyof typeof servicesTexts, string][])
    .filter(([key]) => prefixes.some((p) => key.startsWith(p)))
    .map(([, english]) => english.split(/\{\{\w+\}\}/)[0]!.trim())
    .filter((english) => english.length > 2);

const shownText = () => document.body.textContent ?? '';

// Hindi is a chunk the app loads when it is chosen; here it is in before any switch.
beforeAll(loadHindi);

describe('the services screens in Hindi and back in English', () => {
  beforeEach(async () => {
    setFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await freshDeviceSignedInAs(adminUser);
    languageStore.getState().setLanguage('hi');
  });
  afterEach(() => {
    setFetch(undefined);
    languageStore.getState().setLanguage('en');
  });

  it('Meal Management: Hindi heading, columns and buttons; English again after the switch', async () => {
    render(<MealListPage />);
    expect(
      await screen.findByRole('heading', { name: servicesTextsHi['meals.list.title'] }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: servicesTextsHi['meals.list.add'] })).toBeInTheDocument();
    expect(await screen.findByText(servicesTextsHi['meals.column.type'])).toBeInTheDocument();
    const english = englishOf('meals.list.title', 'meals.list.add', 'meals.column.');
    expect(english.filter((text) => shownText().includes(text))).toEqual([]);

    act(() => languageStore.getState().setLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'Meal Management' })).toBeInTheDocument();
    expect(screen.getByText('Meal Provided in a day')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('the Sync page: Hindi words and no English of the catalogue; English again after the switch', async () => {
    render(<SyncPage />);
    expect(
      await screen.findByRole('button', { name: servicesTextsHi['sync.page.syncNow'] }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(servicesTextsHi['sync.page.nothing'])).toBeInTheDocument();
    expect(screen.getByText(servicesTextsHi['sync.page.allSent'])).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'सिंक' })).toBeInTheDocument();
    expect(englishOf('sync.page.').filter((text) => shownText().includes(text))).toEqual([]);

    act(() => languageStore.getState().setLanguage('en'));
    expect(await screen.findByRole('button', { name: 'Sync now' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sync' })).toBeInTheDocument();
    expect(screen.getByText('Nothing to review.')).toBeInTheDocument();
    expect(screen.getByText('Everything is sent.')).toBeInTheDocument();
  });
});
