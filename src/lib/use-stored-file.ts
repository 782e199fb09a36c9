import { useMemo } from 'react';
import { useLiveQuery } from './use-live-query';
import { cachedFileUrl, isLocalFile, readLocalFile } from '../../sync';

// Object URLs of files picked on this device, one per file key, kept while the page lives.
const localUrls = new Map<string, string>();
async function localFileUrl(ref: string): Promise<string | null> {
  const known = localUrls.get(ref);
  if (known) return known;
  const blob = await readLocalFile(ref);
  if (!blob) return null;
  try {
    const url = URL.createObjectURL(blob);
    localUrls.set(ref, url);
    return url;
  } catch {
    return null; // not a Blob this runtime can show (test doubles)
  }
}

/** A stored file as a URL an <img> or <audio> can load: a local object URL, or the server's bytes fetched with the token. */
export function useStoredFile(image: unknown, serverUrl: (name: unknown) => string | null): string | null {
  const local = isLocalFile(image) ? image : null;
  const localUrl = useLiveQuery(() => (local ? localFileUrl(local) : null), [local], null);
  const remote = useMemo(() => serverUrl(image), [image, serverUrl]);
  const remoteUrl = useLiveQuery(() => (remote && !local ? cachedFileUrl(remote) : null), [remote, local], null);
  return local ? localUrl : remoteUrl;
}
