import { serverMessages } from './messages';

/** The server's own texts (messages.ts) in Hindi; the type makes a missing one a compile error. */
const serverMessagesHi: Readonly<Record<keyof typeof serverMessages, string>> = {
  loginSuccess: 'लॉगिन हो गया',
  logoutSuccess: 'लॉगआउट हो गया',
  invalidCredentials: 'ईमेल या पासवर्ड सही नहीं है',
  notFound: 'नहीं मिला',
  childAdded: 'बच्चा जोड़ दिया गया',
  childUpdated: 'बच्चे की जानकारी बदल दी गई',
  medicalUpdated: 'इलाज की जानकारी बदल दी गई',
  changedElsewhere: 'इस रिकॉर्ड को किसी और ने बदल दिया है।',
  onlyLastEntry: 'इस इतिहास की सिर्फ़ आखिरी एंट्री हटाई जा सकती है।',
  invalidCenter: 'चुना गया सेंटर सही नहीं है।',
  alreadyExists: 'यह रिकॉर्ड पहले से है।',
  invalidReference: 'चुना गया कोई रिकॉर्ड अब नहीं है।',
  invalidValue: 'इस फ़ॉर्म में कोई जानकारी सही नहीं है।',
  databaseUnavailable: 'डेटाबेस जवाब नहीं दे रहा।',
};

/** English text → Hindi, for translateMessage's `extra`. */
export const serverTextsHi: ReadonlyMap<string, string> = new Map(
  (Object.keys(serverMessages) as (keyof typeof serverMessages)[]).map((key) => [
    serverMessages[key],
    serverMessagesHi[key],
  ]),
);
