/**
 * The syncState row that says when the server last answered a queued change, whichever
 * replayer sent it (the page's, or Background Sync's in the service worker). A pull that
 * sees it move knows a write landed while its pages were read (pull.ts, engine.ts).
 */
export const LAST_SENT = '__last_sent';
