import { useLiveQuery } from '../../../lib/use-live-query';
import { childImageUrl, documentFileUrl, listChildren, type ChildListQuery } from '../../../../sync';
import { useStoredFile } from '../../../lib/use-stored-file';

/** One page of the list from the device; null while the first read runs. */
export function useChildrenPage(query: ChildListQuery) {
  const key = JSON.stringify(query);
  return useLiveQuery(() => listChildren(query), [key], null);
}

/** The URL of a child's photo: its local Blob while pending, else the server's file. */
export const useChildImage = (image: unknown): string | null => useStoredFile(image, childImageUrl);

/** The URL of a document's file or audio: its local Blob while pending, else the server's file. */
export const useDocumentFile = (name: unknown): string | null => useStoredFile(name, documentFileUrl);
