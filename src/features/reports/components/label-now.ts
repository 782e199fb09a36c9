import { languageStore, translateLabel } from '../../../../sync/shell';

/** A contract label in the language shown, outside React (a CSV's rows, a scope line built in render). */
export const labelNow = (english: string): string => translateLabel(english, languageStore.getState().language);
