/** Bytes and multipart bodies for the upload tests, and the registration they send a photo with. */

/** A real 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
/** The start of a JPEG (SOI and an APP0 marker) is all the server sniffs. */
export const JPEG_BYTES = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

export const png = (name = 'photo.png') => new File([PNG_BYTES], name, { type: 'image/png' });
export const jpg = (name = 'photo.jpg') => new File([JPEG_BYTES], name, { type: 'image/jpeg' });

/** A multipart body; undefined values are left out, Files appended as files. */
export function multipart(fields: Record<string, string | number | File | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, value instanceof File ? value : String(value));
  }
  return form;
}

/** Every required field of a child's registration (spec part 1, section 5), without its center and photo. */
export const validChild = {
  name: 'Asha Kumari',
  dateofarrival: '2025-03-14',
  gender: 'Female',
  ReferredBy: 'produce',
  short_stay_status: 'no',
  aadharno: '234567890123',
  mobileno: '9876543210',
  address: 'Platform 1, New Delhi',
  countryId: '101',
  stateId: '4021',
  district: '5',
  reference_type: 'Self',
};
