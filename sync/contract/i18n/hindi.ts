import { labelsHi } from './labels-hi';
import { messagesHi } from './messages-hi';
import { textsHi } from './texts-hi';

/**
 * Every Hindi table in one module: the app loads it as a chunk of its own when Hindi is
 * chosen (src/lib/i18n.ts), so an English device's first load does not carry it; the
 * server and the tests import it directly.
 */
export const hindi = { texts: textsHi, messages: messagesHi, labels: labelsHi };

export type HindiTables = typeof hindi;
