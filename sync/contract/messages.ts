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
} as const;

export type MessageKey = keyof typeof messages;
