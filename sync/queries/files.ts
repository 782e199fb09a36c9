import { currentDb, sessionStore } from '../session';
import { LOCAL_FILE_PREFIX, isLocalFile } from '../outbox';
import { apiBase } from '../config';
import { cachedPhoto } from '../photo-cache';

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

const serverImageUrls = new Map<string, Promise<string | null>>();

/**
 * An object URL of a server image fetched with the bearer token (the server serves
 * child photos only to signed-in users, so a plain <img src> cannot load them). Kept
 * in memory for the page's life; null when offline or refused.
 */
export function authorisedImageUrl(url: string): Promise<string | null> {
  let pending = serverImageUrls.get(url);
  if (!pending) {
    pending = (async () => {
      try {
        const token = sessionStore.getState().user?.token;
        const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
        if (!response.ok) return null;
        return URL.createObjectURL(await response.blob());
      } catch {
        return null;
      }
    })();
    serverImageUrls.set(url, pending);
    void pending.then((result) => {
      if (result === null) serverImageUrls.delete(url); // try again next time (offline now)
    });
  }
  return pending;
}

const childPhotoUrls = new Map<string, Promise<string | null>>();

/**
 * An object URL of a child's photo for the signed-in user, kept for offline in the
 * user's photo cache (sync/photo-cache.ts). Remembered per user and URL for the page's
 * life; null when offline and never fetched, or refused.
 */
export function childPhotoUrl(url: string): Promise<string | null> {
  const dbName = currentDb().name;
  const key = `${dbName}|${url}`;
  let pending = childPhotoUrls.get(key);
  if (!pending) {
    pending = cachedPhoto(url, dbName, sessionStore.getState().user?.token).then((blob) => (blob ? URL.createObjectURL(blob) : null));
    childPhotoUrls.set(key, pending);
    void pending.then((result) => {
      if (result === null) childPhotoUrls.delete(key); // try again next time (offline now)
    });
  }
  return pending;
}
