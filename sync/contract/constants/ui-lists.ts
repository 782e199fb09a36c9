import { sameLabel, type Option } from './options';

/*
 * The spec says these lists are "enumerated in the UI" without naming their items
 * (part 1, section 9). The items below are our choice: realistic entries for shelters
 * of an Indian child-welfare trust. Only the counts (8 homes, 18 medical, 12 MHP,
 * 9 other) come from the spec; tests pin the counts, not the wording.
 */

/** The eight short-stay homes (short_stay); names invented, the last is 'Other Homes'. */
export const shortStayHomes = sameLabel([
  'Apna Ghar',
  'Aasra Home',
  'Udaan Home',
  'Ummeed Home',
  'Sneh Ghar',
  'Kilkari Home',
  'Arushi Girls Home',
  'Other Homes',
] as const);

/** The 18 medical issues (medical_issues). */
export const medicalIssues = sameLabel([
  'General Health Check-up',
  'Fever',
  'Cold and Cough',
  'Skin Infection / Scabies',
  'Tuberculosis',
  'Malaria',
  'Dengue',
  'Typhoid',
  'Jaundice / Hepatitis',
  'Diarrhoea',
  'Anaemia',
  'Malnutrition',
  'Dental Problem',
  'Eye Problem',
  'Ear Problem',
  'Injury / Wound',
  'Substance Abuse Treatment',
  'HIV / STI Care',
] as const);

/** The 12 mental-health support options (mhp). */
export const mhpOptions = sameLabel([
  'Individual Counselling',
  'Group Counselling',
  'Family Counselling',
  'Trauma Counselling',
  'De-addiction Counselling',
  'Psychological Assessment',
  'Psychiatric Consultation',
  'Behaviour Therapy',
  'Play Therapy',
  'Art Therapy',
  'Life Skills Session',
  'Referral to Mental Health Institution',
] as const);

/** The 9 other activities (other, on the MHP form and the Others column). */
export const otherOptions = sameLabel([
  'Sports',
  'Music',
  'Dance',
  'Drama / Theatre',
  'Art and Craft',
  'Yoga',
  'Computer Classes',
  'Exposure Visit',
  'Library Reading',
] as const);

/**
 * Meals provided in a day (meal_type 1 to 4). The spec gives the numbers only and no
 * meanings (part 2, section 5: "Meal type options: 1, 2, 3, 4."), so the options and the
 * lists show the number itself.
 */
export const mealTypes = [
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4' },
] as const satisfies readonly Option<number>[];

/** How a meal type reads: its option's label (the number), or the value itself when unknown. */
export const mealTypeLabel = (value: unknown): string =>
  mealTypes.find((t) => t.value === Number(value))?.label ?? String(value ?? '');

/** Bulk update types of the Bulk Update Details modal; 'center' is the center move. */
export const bulkUpdateTypes = [
  { value: 'education', label: 'Education' },
  { value: 'medical', label: 'Medical' },
  { value: 'mhp', label: 'MHP' },
  { value: 'follow-ups', label: 'Follow-Ups' },
  { value: 'sps', label: 'Social Protection Scheme' },
  { value: 'center', label: 'Centers' },
] as const satisfies readonly Option[];
