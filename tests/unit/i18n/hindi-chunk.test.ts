import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { languageStore, translateLabel, translateMessage, messages } from '../../../sync/shell';
import { hindi } from '../../../sync/contract/i18n/hindi';
import { languageReady, loadHindi, textOf } from '../../../src/lib/i18n';

/*
 * Hindi is a chunk of its own (src/lib/i18n.ts): an English device never loads it, and a
 * switch to Hindi shows Hindi once its tables are in. Each test file has its own modules,
 * so here they start as an English device's first load.
 */
describe('the Hindi tables, loaded when Hindi is chosen', () => {
  it('an English device starts without them: a Hindi label or message asked for is the English', async () => {
    await languageReady();
    expect(i18next.language).toBe('en');
    expect(i18next.hasResourceBundle('hi', 'text')).toBe(false);
    expect(translateLabel('Run Away', 'hi')).toBe('Run Away');
    expect(translateMessage(messages.nameRequired, 'hi')).toBe(messages.nameRequired);
  });

  it('a switch made while they load wins: Hindi then English at once ends in English', async () => {
    languageStore.getState().setLanguage('hi');
    languageStore.getState().setLanguage('en');
    await loadHindi();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(textOf('common.total')).toBe('Total');
  });

  it('choosing Hindi shows it once the tables are in, in the screens, the labels and the messages', async () => {
    languageStore.getState().setLanguage('hi');
    await expect.poll(() => i18next.language).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(textOf('common.total')).toBe(hindi.texts['common.total']);
    expect(translateLabel('Run Away', 'hi')).toBe(hindi.labels['Run Away']);
    expect(translateMessage(messages.nameRequired, 'hi')).toBe(hindi.messages.nameRequired);
    languageStore.getState().setLanguage('en');
    expect(i18next.language).toBe('en');
  });
});
