import { randomBytes } from 'node:crypto';
import { isFileLike, isWithinUploadLimit, messages, type FileLike } from '../../sync/contract';
import type { Issue } from '../core/validation';
import { fileKey, type FileStore } from './store';

/*
 * Uploads are kept in the file store (files/store.ts) under `<folder>/<random>.<ext>`, outside
 * the web root, and are served only through the API's authorised file routes. The type is decided by the
 * bytes (magic numbers), never by the name or the MIME type the client claims, and the
 * stored extension is the one the bytes prove.
 */

/** children: the children's photos; beneficiaries: the documents of non-registered beneficiaries. */
export type UploadFolder = 'children' | 'beneficiaries';
export type ImageKind = 'jpg' | 'png';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (bytes.length >= PNG.length && starts(PNG)) return 'png';
  if (bytes.length >= JPEG.length && starts(JPEG)) return 'jpg';
  return null;
}

/**
 * Whether the bytes start like an audio file of a format phones record or share: MP3 (ID3
 * tag or frame sync), AAC (ADTS), WAV, Ogg/Opus, FLAC, MP4/M4A/3GP (ftyp), WebM, AMR.
 */
export function sniffAudio(bytes: Uint8Array): boolean {
  const ascii = (at: number, text: string) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));
  if (bytes.length < 4) return false;
  if (ascii(0, 'ID3') || ascii(0, 'OggS') || ascii(0, 'fLaC') || ascii(0, '#!AMR')) return true;
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return true;
  if (ascii(4, 'ftyp')) return true;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return true;
  // MPEG audio frame sync (11 bits set), which also starts AAC's ADTS header; not a JPEG.
  return bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && bytes[1] !== 0xd8;
}

/** An image whose bytes proved it a jpg or png, within the size limit. */
export type CheckedImage = { bytes: Uint8Array; kind: ImageKind };

const MIME: Record<ImageKind, string> = { jpg: 'image/jpeg', png: 'image/png' };

/**
 * Checks an image field by its bytes before the contract's schema sees it. A file whose
 * bytes are a jpg or png is handed to the schema under a matching name (the contract
 * decides by extension, and the sync engine uploads Blobs named after the field, with
 * none), so only its size is left to judge; anything else gets the type message,
 * whatever its name claims. Only the first bytes are read until the size is known to fit.
 */
export async function readImage(
  field: string,
  value: unknown,
): Promise<{ value: unknown; image?: CheckedImage; issue?: Issue }> {
  if (!isFileLike(value) || typeof (value as Blob).slice !== 'function') return { value };
  const blob = value as Blob;
  const kind = sniffImage(new Uint8Array(await blob.slice(0, PNG.length).arrayBuffer()));
  if (!kind) return { value, issue: { path: field, message: messages.imageType } };
  const named: FileLike = { size: blob.size, type: MIME[kind], name: `upload.${kind}` };
  if (!isWithinUploadLimit(named)) return { value: named };
  return { value: named, image: { bytes: new Uint8Array(await blob.arrayBuffer()), kind } };
}

const NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

/** The file's store key, or null for any name we could not have written (no traversal). */
export function uploadKey(folder: UploadFolder, name: string): string | null {
  return NAME.test(name) ? fileKey(folder, name) : null;
}

export async function storeUpload(store: FileStore, folder: UploadFolder, image: CheckedImage): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${image.kind}`;
  await store.put(fileKey(folder, name), image.bytes);
  return name;
}

/** Removes a stored file; a missing one is fine (already gone, or never written). */
export async function removeUpload(
  store: FileStore,
  folder: UploadFolder,
  name: string | null | undefined,
): Promise<void> {
  const key = name ? uploadKey(folder, name) : null;
  if (key) await store.remove(key);
}

export async function readUpload(store: FileStore, folder: UploadFolder, name: string): Promise<Uint8Array | null> {
  const key = uploadKey(folder, name);
  return key ? await store.get(key) : null;
}
