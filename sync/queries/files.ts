import { currentDb, sessionStore } from '../device/session';
import { fileBlob } from '../db/app-db';
import { LOCAL_FILE_PREFIX, isLocalFile } from '../engine/outbox';
import { apiBase } from '../net/config';
import { cachedPhoto } from '../device/photo-cache';
import { onDataKey } from '../db/seal';
import { request } from '../net/transport';
import { buildPath, pathPrefix } from '../contract/endpoints';

export { isLocalFile };

/** The Blob of a file picked on this device and not yet uploaded ('local-file:<key>' or the bare key). */
export async function readLocalFile(ref: string): Promise<Blob | undefined> {
  const key = ref.startsWith(LOCAL_FILE_PREFIX) ? ref.slice(LOCAL_FILE_PREFIX.length) : ref;
  const row = await currentDb().files.get(key);
  return row ? fileBlob(row) : undefined;
}

/**
 * Where the server serves a child's stored image. The list answer's image_path is not
 * kept by the pull, so the reference server's folder is assumed; absolute URLs pass.
 */
export const CHILD_IMAGE_PATH = `${apiBase.replace(/\/$/, '')}${pathPrefix('childImageFile')}`;

export function childImageUrl(image: unknown): string | null {
  if (typeof image !== 'string' || image === '' || isLocalFile(image)) return null;
  if (/^(https?:|blob:|data:|\/)/.test(image)) return image;
  return `${CHILD_IMAGE_PATH}${encodeURIComponent(image)}`;
}

const objectUrls = new Map<string, Promise<string | null>>();

// The files' bytes are in memory only while unlocked (DESIGN: Security on the device): the
// lock, sign-out and a user change drop the key, and every object URL made goes with it.
onDataKey((key) => {
  if (key) return;
  const made = [...objectUrls.values()];
  objectUrls.clear();
  for (const pending of made) void pending.then((url) => url && URL.revokeObjectURL(url));
});

/** An object URL of what `load` gives, remembered under `key` for the page's life; a null is tried again next time (offline now). */
function rememberedObjectUrl(key: string, load: () => Promise<Blob | null>): Promise<string | null> {
  let pending = objectUrls.get(key);
  if (!pending) {
    pending = load()
      .then((blob) => (blob ? URL.createObjectURL(blob) : null))
      .catch(() => null);
    objectUrls.set(key, pending);
    void pending.then((result) => {
      if (result === null) objectUrls.delete(key);
    });
  }
  return pending;
}

/**
 * An object URL of a server image fetched with the bearer token (the server serves
 * files only to signed-in users, so a plain <img src> cannot load them). Null when
 * offline or refused.
 */
export function authorisedImageUrl(url: string): Promise<string | null> {
  return rememberedObjectUrl(url, async () => {
    const token = sessionStore.getState().user?.token;
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return response.ok ? response.blob() : null;
  });
}

/**
 * An object URL of a child's photo or a document's file for the signed-in user, kept
 * for offline in the user's photo cache (sync/photo-cache.ts). Null when offline and
 * never fetched, or refused.
 */
export function cachedFileUrl(url: string): Promise<string | null> {
  const dbName = currentDb().name;
  return rememberedObjectUrl(`${dbName}|${url}`, () => cachedPhoto(url, dbName, sessionStore.getState().user?.token));
}

/** Where the server serves a document's stored file or audio. */
export const DOCUMENT_FILE_PATH = `${apiBase.replace(/\/$/, '')}${pathPrefix('documentFile')}`;

export function documentFileUrl(name: unknown): string | null {
  if (typeof name !== 'string' || name === '' || isLocalFile(name)) return null;
  if (/^(https?:|blob:|data:|\/)/.test(name)) return name;
  return `${DOCUMENT_FILE_PATH}${encodeURIComponent(name)}`;
}

/** Where the server serves a non-registered beneficiary's document file. */
export const BENEFICIARY_FILE_PATH = `${apiBase.replace(/\/$/, '')}${pathPrefix('beneficiaryDocumentFile')}`;

export function beneficiaryFileUrl(name: unknown): string | null {
  if (typeof name !== 'string' || name === '' || isLocalFile(name)) return null;
  if (/^(https?:|blob:|data:|\/)/.test(name)) return name;
  return `${BENEFICIARY_FILE_PATH}${encodeURIComponent(name)}`;
}

/** A file to save on the device: its bytes and the name to save it under. */
export type DownloadedFile = { blob: Blob; name: string };

/** The name a stored file is saved under: the link's last segment, whose extension is the original one. */
const nameOfLink = (link: string) =>
  decodeURIComponent(new URL(link, 'http://x').pathname.split('/').pop() ?? 'download');

/**
 * A stored file (a document's file or audio, or a child's photo) to download: a file
 * picked on this device comes from IndexedDB under its own name; a file on the server is
 * asked for through POST /download_images, whose answer is the link to fetch it from
 * (with the bearer token: files are served only to users who may see the child). Null
 * when offline or refused.
 */
export async function downloadStoredFile(ref: string, serverUrl: string | null): Promise<DownloadedFile | null> {
  if (isLocalFile(ref)) {
    const key = ref.slice(LOCAL_FILE_PREFIX.length);
    const row = await currentDb().files.get(key);
    return row ? { blob: fileBlob(row), name: row.name } : null;
  }
  if (!serverUrl) return null;
  try {
    const answer = await request<string>('POST', buildPath('downloadImages', {}), {
      json: { url: serverUrl },
      kind: 'read', // it only answers a link: a read's timeout
    });
    if (typeof answer.data !== 'string') return null;
    const href = new URL(answer.data, new URL(apiBase, globalThis.location?.href ?? 'http://localhost/')).href;
    const token = sessionStore.getState().user?.token;
    const response = await fetch(href, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) return null;
    return { blob: await response.blob(), name: nameOfLink(answer.data) };
  } catch {
    return null;
  }
}
