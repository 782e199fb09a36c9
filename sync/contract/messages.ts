/**
 * Every user-facing message of the spec, verbatim. Client forms, the sync engine
 * and the server all take their texts from here so they can never drift apart.
 */
export const messages = {
  emailRequired: 'Please enter an email',
  emailInvalid: 'Invalid email',
  passwordRequired: 'Please enter password',
  loginFailed: 'Login Failed',
  serverNotResponding: 'Server not responding',
  serverNotRespondingRetry: 'Server not responding. Please try again later.',
  unauthenticated: 'Unauthenticated.',
  somethingWentWrong: 'Something went wrong!',
  somethingWentWrongDot: 'Something went wrong.',
  noRecords: 'No Records Found!',
  unexpectedError: 'Unexpected Application Error!',
  methodNotAllowed: 'Method not allowed.',
  selectToDate: 'Select To Date',
  selectFromDate: 'Select From Date',
  fromBeforeTo: 'From Date Should Be Less Than To Date',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Record not found.',
  // Child registration, quick add and the wizard (part 1, section 5).
  nameRequired: 'Name is required',
  imageRequired: 'Image is required',
  genderRequired: 'Gender is required',
  referredByRequired: 'Reffered By is required',
  aadharInvalid: 'Please Enter Valid Aadhar No.',
  aadharRequired: 'Aadhar No. is required',
  phoneInvalid: 'Please enter valid phone number',
  phoneLength: 'Phone number must be of 10 digits',
  invalidDate: 'Invalid Date',
  documentsRequired: 'Documents is required.',
  fileTooLarge: 'File can be uploaded, with up to 5 MB size.',
  imageTooLarge: 'The Image must not be greater than 5 mb',
  followUpMethodRequired: 'Follow-Up Method is required',
  spsRequired: 'Social Protection Scheme is required',
  // Administration (part 1, section 5).
  roleRequired: 'User role is required.',
  choosePermission: 'Please choose permission',
  tagRequired: 'Tag name is required.',
  userNameRequired: 'Please enter name',
  centerRequired: 'The Center Field is required',
  centerNameRequired: 'Please enter center name',
  prefixRequired: 'The Prefix Field is required',
  addressRequired: 'The Address Field is required',
  statusRequired: 'Status is required',
  // Part 2, section 5.
  schemeRequired: 'Scheme name is required.',
  mealCenterRequired: 'Center Name is required',
  mealDateRequired: 'Please enter date',
  mealTypeRequired: 'Meal Provided in a day is required',
  childCountRequired: 'Children Count is required',
  // Success toasts (part 1, section 8; part 2, section 8).
  childDeleted: 'Child deleted successfully',
  centerDeleted: 'Center deleted successfully',
  statusChanged: 'Status changed successfully',
  roleDeleted: 'Role deleted successfully',
  permissionsUpdated: 'Permissions updated successfully',
  tagDeleted: 'Tag deleted successfully',
  userDeleted: 'User deleted successfully',
  followUpAdded: 'Follow Up added successfully',
  documentDeleted: 'Document deleted successfully',
  deleted: 'deleted successfully',
  // Our choices where the spec shows no wording (documented in forms/ and rules/).
  imageType: 'The Image must be a file of type: jpg, jpeg, png.',
  fileType: 'The file must be a file of type: jpg, jpeg, png.',
  audioType: 'The audio must be an audio file.',
  emailTaken: 'The email has already been taken.',
  inUse: 'This record is still in use and cannot be deleted.',
  userPhoneRequired: 'Please enter phone number',
  beneficiaryAdded: 'Beneficiary added successfully',
  beneficiaryUpdated: 'Beneficiary updated successfully',
  beneficiaryDeleted: 'Beneficiary deleted successfully',
  docTagRequired: 'Tag Name is required',
  docDateRequired: "Document's Date is required",
  followUpDateRequired: 'Follow-Up Date is required',
  followUpCommentRequired: 'Follow-Up Comment is required',
  maleNotNumber: 'Male must be a number',
  femaleNotNumber: 'Female must be a number',
  controlCharacters: 'This text contains invisible characters that cannot be saved.',
  requestTooLarge: 'The request is too large.',
  requestTooComplex: 'The request has too many fields or is nested too deeply.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another request.',
} as const;

export type MessageKey = keyof typeof messages;

/** '{label} is required', the wizard's message for other missing fields. */
export const labelRequired = (label: string): string => `${label} is required`;

/** 'The X field is required.', the action forms' required message. */
export const theFieldRequired = (label: string): string => `The ${label} field is required.`;

/** A text field holding control characters (NUL and the like), with the field's label. */
export const controlCharactersIn = (label: string): string =>
  `The ${label} field contains invisible characters that cannot be saved.`;

/**
 * A text longer than its field holds (ours; constants/limits.ts textLimits), as Laravel's
 * max rule words it with the API field's name: 'The f name field must not be greater than
 * 255 characters.'
 */
export const textTooLong = (field: string, max: number): string =>
  `The ${field.replace(/_/g, ' ')} field must not be greater than ${max} characters.`;

/**
 * A count above what one center holds (ours; constants/limits.ts MAX_CHILDREN_AT_A_CENTER):
 * 'Children Count can be at most 5000, more children than a center holds.'
 */
export const childrenAtMost = (label: string, most: number): string =>
  `${label} can be at most ${most}, more children than a center holds.`;

/** '{action title} deleted successfully', the history delete toast. */
export const actionDeleted = (title: string): string => `${title} deleted successfully`;
