import { z } from 'zod';
import { messages } from '../messages';
import { textLimits, uploadLimits } from '../constants/limits';

/**
 * What a file field holds on either side of the wire: a browser File, a Blob kept in
 * IndexedDB while offline, or the File a multipart parser gives the server. Checked by
 * shape rather than `instanceof` because those come from different realms.
 */
export type FileLike = { readonly size: number; readonly type: string; readonly name?: string };

/** Whether `value` looks like a File or Blob. */
export const isFileLike = (value: unknown): value is FileLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { size?: unknown }).size === 'number' &&
  typeof (value as { type?: unknown }).type === 'string';

const extensionOf = (name: string | undefined) => name?.split('.').pop()?.toLowerCase() ?? '';

/** Whether a file is a jpg, jpeg or png, by extension or, for a nameless Blob, by MIME type. */
export function isImageFile(file: FileLike): boolean {
  const ext = extensionOf(file.name);
  if (file.name && ext) return (uploadLimits.imageExtensions as readonly string[]).includes(ext);
  return ['image/jpeg', 'image/jpg', 'image/png'].includes(file.type.toLowerCase());
}

/** Whether a file is audio (the `audio/*` of audio inputs). */
export const isAudioFile = (file: FileLike): boolean => file.type.toLowerCase().startsWith('audio/');

/** Whether a file is within the 5 MB upload limit. */
export const isWithinUploadLimit = (file: FileLike): boolean => file.size <= uploadLimits.maxBytes;

/*
 * Built as one superRefine over z.custom() (which accepts anything) rather than a
 * z.custom predicate: a failed predicate aborts the whole object, which would stop the
 * cross-field rules of inScreenOrder from running and hide the first failing field.
 */
const fileRule = (
  requiredMessage: string,
  isRightType: (f: FileLike) => boolean,
  typeMessage: string,
  sizeMessage: string,
) =>
  z.custom<FileLike>().superRefine((value, ctx) => {
    if (!isFileLike(value)) {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return;
    }
    if (!isRightType(value)) ctx.addIssue({ code: 'custom', message: typeMessage });
    if (!isWithinUploadLimit(value)) ctx.addIssue({ code: 'custom', message: sizeMessage });
  });

/** A profile image: jpg/jpeg/png up to 5 MB ('The Image must not be greater than 5 mb'). */
export const imageFile = (requiredMessage: string = messages.imageRequired) =>
  fileRule(requiredMessage, isImageFile, messages.imageType, messages.imageTooLarge);

/** A document file: jpg/jpeg/png up to 5 MB ('File can be uploaded, with up to 5 MB size.'). */
export const documentFile = (requiredMessage: string) =>
  fileRule(requiredMessage, isImageFile, messages.fileType, messages.fileTooLarge);

/** An audio file up to 5 MB. */
export const audioFile = (requiredMessage: string) =>
  fileRule(requiredMessage, isAudioFile, messages.audioType, messages.fileTooLarge);

/**
 * A file field on an edit form: a new file, or the stored file name it already has
 * (a string of a line's length at most), or nothing.
 */
export const keptOrNewFile = <T extends z.ZodType>(newFile: T) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.union([z.string().max(textLimits.short), newFile]).optional(),
  );
