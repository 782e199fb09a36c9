import { Button, Group } from '@mantine/core';
import { useStore } from 'zustand';
import { languageNames, languages, languageStore } from '../../sync/shell';
import { useT } from '../lib/i18n';

/** English and Hindi side by side, each named in itself; the screen follows at once, no reload. */
export function LanguageSwitch() {
  const { t } = useT();
  const { language, setLanguage } = useStore(languageStore);
  return (
    <Group gap={4} role="group" aria-label={t('common.language')} data-testid="language-switch">
      {languages.map((code) => (
        <Button
          key={code}
          size="compact-sm"
          variant={code === language ? 'filled' : 'subtle'}
          aria-pressed={code === language}
          lang={code}
          onClick={() => setLanguage(code)}
        >
          {languageNames[code]}
        </Button>
      ))}
    </Group>
  );
}
