import { randomBytes } from 'node:crypto';
import { isFileLike, isWithinUploadLimit, messages } from '../../sync/contract';
import { readImage, sniffAudio } from '../files/uploads';
import type { Issue } from '../core/validation';
import { fileKey, type FileStore } from '../files/store';

/*
 * Files of document rows (documents[i][filename], documents[i][profile_audio_name]) and of
 * the follow-up forms (filename, follow_up_data[i][filename]). Images are judged by their
 * bytes (readImage); audio by its bytes too (the formats phones record and share,
 * sniffAudio) and its size, since the spec accepts any audio. They are stored under `documents/` in the file store before the database
 * transaction and removed again when it fails.
 *
 * A stored name keeps the uploaded file's extension when the bytes agree with it (a
 * `.jpeg` stays `.jpeg`, an `.mp3` stays `.mp3`), so download_images can hand the file
 * back under its original extension; otherwise the extension the bytes prove (`jpg`,
 * `png`) or `audio`.
 */

const FOLDER = 'documents';
const NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;

const IMAGE_EXTENSIONS: Record<'jpg' | 'png', readonly string[]> = { jpg: ['jpg', 'jpeg'], png: ['png'] };
const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  webm: 'audio/webm',
  amr: 'audio/amr',
  '3gp': 'audio/3gpp',
  flac: 'audio/flac',
};

const extensionOf = (value: unknown): string => {
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' && name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
};

/** The Content-Type a stored document file is served with, by its stored extension. */
export function documentContentType(name: string): string {
  const ext = name.split('.').pop() ?? '';
  if (ext === 'png') return 'image/png';
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  return AUDIO_TYPES[ext] ?? 'application/octet-stream';
}

type Pending = { key: string; bytes: Uint8Array; ext: string };
export type PreparedFiles = { pending: Pending[]; issues: Issue[] };

const isBlob = (v: unknown): v is Blob => isFileLike(v) && typeof (v as Blob).arrayBuffer === 'function';

/** Walks `body` for file values at the known places, checks them, and leaves named stand-ins for the schema. */
export async function prepareFiles(body: Record<string, unknown>): Promise<PreparedFiles> {
  const pending: Pending[] = [];
  const issues: Issue[] = [];
  const visit = async (holder: Record<string, unknown>, field: string, key: string) => {
    const value = holder[field];
    if (!isBlob(value)) return;
    if (field === 'profile_audio_name') {
      if (!isWithinUploadLimit(value)) {
        issues.push({
          path: key,
          message: value.type.toLowerCase().startsWith('audio/') ? messages.fileTooLarge : messages.audioType,
        });
        return;
      }
      const bytes = new Uint8Array(await value.arrayBuffer());
      // The bytes decide, as for images: a declared audio/* type proves nothing.
      if (!sniffAudio(bytes)) issues.push({ path: key, message: messages.audioType });
      else {
        const ext = extensionOf(value);
        pending.push({ key, bytes, ext: ext in AUDIO_TYPES ? ext : 'audio' });
      }
      return;
    }
    const ext = extensionOf(value);
    const { value: named, image, issue } = await readImage(key, value);
    holder[field] = named;
    if (issue) issues.push({ ...issue, message: messages.fileType });
    else if (image)
      pending.push({ key, bytes: image.bytes, ext: IMAGE_EXTENSIONS[image.kind].includes(ext) ? ext : image.kind });
    else issues.push({ path: key, message: messages.fileTooLarge });
  };
  await visit(body, 'filename', 'filename');
  for (const list of ['documents', 'follow_up_data'] as const) {
    const rows = body[list];
    if (!Array.isArray(rows)) continue;
    for (const [i, row] of rows.entries()) {
      if (typeof row !== 'object' || row === null) continue;
      for (const field of ['filename', 'profile_audio_name'])
        await visit(row as Record<string, unknown>, field, `${list}.${i}.${field}`);
    }
  }
  return { pending, issues };
}

/** Stores the checked files; answers their stored names by key (`documents.0.filename`). */
export async function storeFiles(store: FileStore, files: PreparedFiles): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const file of files.pending) {
    const name = `${randomBytes(16).toString('hex')}.${file.ext}`;
    await store.put(fileKey(FOLDER, name), file.bytes);
    names.set(file.key, name);
  }
  return names;
}

export async function removeFiles(store: FileStore, names: Map<string, string>): Promise<void> {
  for (const name of names.values()) if (NAME.test(name)) await store.remove(fileKey(FOLDER, name));
}

export async function readDocumentFile(store: FileStore, name: string): Promise<Uint8Array | null> {
  return NAME.test(name) ? await store.get(fileKey(FOLDER, name)) : null;
}
