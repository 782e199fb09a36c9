import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageStore } from '../../../sync/device/language-store';
import { childrenTexts } from '../../../sync/contract/i18n/areas/children';
import { childrenLabelsHi, childrenTextsHi } from '../../../sync/contract/i18n/areas/children-hi';
import { ChildProfilePage } from '../../../src/features/children';
import { adminUser, makeChild, seedChildren } from '../children/factories';
import { offlineDevice, renderChildrenAt, teardownDevice } from '../children/helpers';
import { loadHindi } from '../../../src/lib/i18n';

/*
 * The child's screens in Hindi (sync/contract/i18n/areas/children-hi.ts): with the device's
 * language set to 'hi' no English of the area's catalogue is left on screen, and switching
 * back shows the spec's English verbatim, without a reload.
 */

/** The area's English: its screen texts and the contract labels it gives Hindi (those that read differently). */
const english = [
  ...Object.entries(childrenTexts)
    .filter(([key, text]) => childrenTextsHi[key as keyof typeof childrenTexts] !== text)
    .map(([, text]) => text),
  ...Object.entries(childrenLabelsHi)
    .filter(([text, hindi]) => hindi !== text)
    .map(([text]) => text),
];
const asPattern = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '.*')}$`);
const patterns = english.map(asPattern);

/** Every text a person reads or hears on the page: each element's own text, and the shown attributes. */
function shownTexts(): string[] {
  const texts: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const own = [...element.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (own) texts.push(own);
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
}

const englishLeft = () => shownTexts().filter((text) => patterns.some((p) => p.test(text)));
const hasDevanagari = (text: string) => /\p{Script=Devanagari}/u.test(text);

const setLanguage = (language: 'en' | 'hi') => act(() => languageStore.getState().setLanguage(language));

// Hindi is a chunk the app loads when it is chosen; here it is in before any switch.
beforeAll(loadHindi);

describe("the child's screens in Hindi and back in English", () => {
  afterEach(() => {
    languageStore.getState().setLanguage('en');
    teardownDevice();
  });

  it("a child's profile: tabs, overview facts and the contract's labels in Hindi; English again after the switch", async () => {
    await offlineDevice(adminUser);
    await seedChildren([makeChild(7, { name: 'Asha', case_type: 'Missing' })]);
    await setLanguage('hi');
    renderChildrenAt('/child-registration/profile?child=7', <ChildProfilePage />);
    expect(await screen.findByRole('heading', { name: 'बच्चे का पंजीकरण' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'सारांश' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'बुनियादी जानकारी' })).toBeTruthy();
    expect(screen.getByText('प्रोफ़ाइल देखें')).toBeTruthy();
    expect(screen.getByText('नया आया')).toBeTruthy(); // cwcState: New Corner
    expect(screen.getAllByText('लड़का').length).toBeGreaterThan(0); // the gender's label
    await userEvent.setup().click(screen.getByRole('tab', { name: 'बुनियादी जानकारी' }));
    expect(await screen.findByLabelText('आने की तारीख', { exact: false })).toBeTruthy();
    expect(shownTexts().some(hasDevanagari)).toBe(true);
    expect(englishLeft()).toEqual([]);

    await setLanguage('en');
    expect(await screen.findByRole('heading', { name: 'Child Registration' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview' })).toBeTruthy();
    expect(screen.getByText('View Profile')).toBeTruthy();
    expect(screen.getByText('Edit Profile')).toBeTruthy();
    expect(await screen.findByLabelText('Date of Arrival', { exact: false })).toBeTruthy();
    expect(shownTexts().filter(hasDevanagari)).toEqual([]);
    expect(englishLeft().length).toBeGreaterThan(0); // the scan sees the catalogue's English when it is shown
  });

  it('a new registration: the wizard, its fields and its side menu in Hindi; English again after the switch', async () => {
    await offlineDevice(adminUser);
    await setLanguage('hi');
    renderChildrenAt('/child-registration/profile', <ChildProfilePage />);
    expect(await screen.findByRole('button', { name: 'आगे' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पीछे' })).toBeTruthy();
    expect(screen.getByText('CWC कार्रवाई और पता')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^नाम/ })).toBeTruthy();
    expect(screen.getByLabelText('प्रोफ़ाइल फ़ोटो', { exact: false })).toBeTruthy();
    expect(within(screen.getAllByRole('navigation')[0]!).getByText('नया पंजीकरण')).toBeTruthy();
    expect(englishLeft()).toEqual([]);

    await setLanguage('en');
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByText('CWC Action & Address')).toBeTruthy();
    expect(screen.getByText('Basic Info')).toBeTruthy();
    expect(screen.getByLabelText('Profile Picture', { exact: false })).toBeTruthy();
    expect(screen.getByText('New Registration')).toBeTruthy();
    expect(shownTexts().filter(hasDevanagari)).toEqual([]);
    expect(englishLeft().length).toBeGreaterThan(0); // the scan sees the catalogue's English when it is shown
  });
});
