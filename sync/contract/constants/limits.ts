/** Upload limits of spec part 1, sections 5 and 9. */
export const uploadLimits = {
  /** Hard limit of every upload, in bytes (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** What the profile image hint promises (JPG, JPEG, PNG, up to 4 MB). */
  imageHintBytes: 4 * 1024 * 1024,
  imageExtensions: ['jpg', 'jpeg', 'png'],
  imageMimeTypes: ['image/jpeg', 'image/png'],
  /** The `accept` attribute of image inputs. */
  imageAccept: '.jpg,.jpeg,.png',
  /** The `accept` attribute of audio inputs. */
  audioAccept: 'audio/*',
} as const;

/**
 * Ours (the spec bounds no count): the most children one center serves at once. A meal's
 * children count and a previous balance's boys and girls are each at most this, so a
 * typing slip (an extra zero, a pasted number) cannot swell every total of a year.
 */
export const MAX_CHILDREN_AT_A_CENTER = 5000;

/**
 * Text lengths (ours: the spec shows none), as Laravel's `max` rule words them: a line of
 * a form holds 255 characters, a free-text box (comments, addresses, the account of a
 * rescue) 5000. Every text field of every form carries one of the two.
 */
export const textLimits = { short: 255, long: 5000 } as const;

/** The fields that are free-text boxes (textLimits.long); every other text is a line. */
export const longTextFields = [
  'address',
  'breif',
  'circumstance_of_rescue',
  'comments',
  'comment',
  'action_data',
  'restore_to_address',
] as const;

/** Digit counts of phone and Aadhar numbers. */
export const PHONE_DIGITS = 10;
export const AADHAR_DIGITS = 12;

/** Country preselected on the registration form (India). */
export const DEFAULT_COUNTRY_ID = 101;

/** Default table page size; the envelope's DEFAULT_PAGE_SIZE is this one. */
export const PAGE_SIZE = 10;

/** Pagination shows up to this many neighbouring pages, then ellipses. */
export const PAGINATION_NEIGHBOURS = 3;

/** Toast notifications: top right, auto-close after 5000 ms, at most 3 at once. */
export const toastSettings = { position: 'top-right', autoClose: 5000, limit: 3 } as const;

/** Date formats: dayjs tokens of what is shown, stored and typed in filters. */
export const dateFormats = {
  display: 'DD-MM-YYYY',
  stored: 'YYYY-MM-DD',
  filter: 'DD-MM-YY',
} as const;

/** The date picker lists this many years. */
export const DATE_PICKER_YEARS = 100;

/** Footer copyright years, as the spec shows them. */
export const copyrightYears = { range: '2014-2024', current: '2024' } as const;

/** The sidebar collapses at this width or narrower, in px. */
export const SIDEBAR_BREAKPOINT_PX = 992;

/** Browser document titles are prefixed with this. */
export const ADMIN_TITLE = 'Ashray Admin';

/** Network and loading settings of spec part 1, section 9. */
export const networkSettings = {
  chunkLoadTimeoutMs: 120_000,
  /** 0 means no request timeout. */
  requestTimeoutMs: 0,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
} as const;

/** CSV export file names of part 2. */
export const csvFileNames = { report: 'report.csv', groupReport: 'group-report.csv' } as const;

/** Sent by report details for any missing search condition (part 2, section 4). */
export const REPORT_NO_VALUE = 'novalue';
