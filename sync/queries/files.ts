import { currentDb } from '../session';
import { LOCAL_FILE_PREFIX, isLocalFile } from '../outbox';
import { apiBase } from '../config';

export { isLocalFile };

/** The Blob of a file picked on this device and not yet uploaded ('local-file:<key>' or the bare key). */
export async function readLocalFile(ref: string): Promise<Blob | undefined> {
  const key = ref.startsWith(LOCAL_FILE_PREFIX) ? ref.slice(LOCAL_FILE_PREFIX.length) : ref;
  return (await currentDb().files.get(key))?.blob;
}

/**
 * Where the server serves a child's stored image. The list answer's image_path is not
 * kept by the pull, so the reference server's folder is assumed; absolute URLs pass.
 */
export const CHILD_IMAGE_PATH = `${apiBase.replace(/\/$/, '')}/files/children/`;

export function childImageUrl(image: unknown): string | null {
  if (typeof image !== 'string' || image === '' || isLocalFile(image)) return null;
  if (/^(https?:|blob:|data:|\/)/.test(image)) return image;
  return `${CHILD_IMAGE_PATH}${encodeURIComponent(image)}`;
}
