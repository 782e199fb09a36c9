import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  cachedFileUrl,
  centerOptions,
  childImageUrl,
  documentFileUrl,
  listChildren,
  readLocalFile,
  isLocalFile,
  type ChildListQuery,
} from '../../../../sync';

/** One page of the list from the device; null while the first read runs. */
export function useChildrenPage(query: ChildListQuery) {
  const key = JSON.stringify(query);
  return useLiveQuery(() => listChildren(query), [key], null);
}

export const useCenterOptions = () => useLiveQuery(() => centerOptions(), [], []);

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

/** The URL of a child's photo: its local Blob while pending, else the server's file. */
export const useChildImage = (image: unknown): string | null => useStoredFile(image, childImageUrl);

/** The URL of a document's file or audio: its local Blob while pending, else the server's file. */
export const useDocumentFile = (name: unknown): string | null => useStoredFile(name, documentFileUrl);

/** A stored file as a URL an <img> or <audio> can load: a local object URL, or the server's bytes fetched with the token. */
function useStoredFile(image: unknown, serverUrl: (name: unknown) => string | null): string | null {
  const local = isLocalFile(image) ? image : null;
  const localUrl = useLiveQuery(() => (local ? localFileUrl(local) : null), [local], null);
  const remote = useMemo(() => serverUrl(image), [image, serverUrl]);
  const remoteUrl = useLiveQuery(() => (remote && !local ? cachedFileUrl(remote) : null), [remote, local], null);
  return local ? localUrl : remoteUrl;
}
