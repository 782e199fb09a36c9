import { describe, expect, it } from 'vitest';
import {
  caseTypes,
  centerTypes,
  copyrightYears,
  DEFAULT_COUNTRY_ID,
  dashboardTileKeys,
  dashboardTiles,
  dateFormats,
  educationBeforeOptions,
  educationLevels,
  educationTypes,
  escortMethods,
  exitMethods,
  followUpMethods,
  mealTypes,
  mealTypeLabel,
  medicalIssues,
  mhpOptions,
  otherOptions,
  PAGE_SIZE,
  presentStatusColor,
  referenceByOptions,
  referredByOptions,
  restorationMethods,
  sessionOptions,
  shortStayHomes,
  statusColorGroups,
  statusLabel,
  codeLabel,
  toastSettings,
  uploadLimits,
  AADHAR_DIGITS,
  PHONE_DIGITS,
  optionValues,
} from '../../../sync/contract';

describe('constant lists (section 9)', () => {
  it('has the counts the spec gives', () => {
    expect(medicalIssues).toHaveLength(18);
    expect(mhpOptions).toHaveLength(12);
    expect(otherOptions).toHaveLength(9);
    expect(shortStayHomes).toHaveLength(8);
    expect(shortStayHomes.at(-1)?.value).toBe('Other Homes');
    for (const list of [medicalIssues, mhpOptions, otherOptions, shortStayHomes]) {
      expect(new Set(optionValues(list)).size).toBe(list.length);
    }
  });

  it('center types 1-4', () => {
    expect(centerTypes.map((t) => [t.id, t.name])).toEqual([
      [1, 'Contact Point'],
      [2, 'Open Shelter'],
      [3, 'Home'],
      [4, 'Child Help Line'],
    ]);
  });

  it('verbatim value lists', () => {
    expect(optionValues(caseTypes)).toEqual([
      'Orphaned',
      'Abandoned',
      'Missing',
      'Runaway',
      'Trafficking',
      'Abused',
      'CNCP',
      'Others',
      'Kidnapping',
      'Affected By Substance',
      'Begging',
      'Rag-picking',
      'Love Affair/ Teenage Issues',
      'Job / Livelihood Related',
      'Family Dispute',
      'Education Related',
      'Attracted To The City',
      'Abuse And Violence',
      'Centre Enrollment',
    ]);
    expect(optionValues(referenceByOptions)).toEqual([
      'Child Helpline',
      'Self',
      'From CWC',
      'From Stakeholder',
      'Out Reach',
      'Police',
      'Voluntarily',
      'From SBT Center',
      'Others',
    ]);
    expect(optionValues(referredByOptions)).toEqual(['refer', 'produce', 'action_pending']);
    expect(optionValues(followUpMethods)).toEqual(['bytelephone', 'byvisit', 'byemail']);
    expect(optionValues(restorationMethods)).toEqual(['bytelephone', 'byvisit']);
    expect(optionValues(escortMethods)).toEqual(['by_police', 'by_sbt_staff', 'by_third_party']);
    expect(optionValues(exitMethods)).toEqual([
      'run_away',
      'short_stay',
      'rehabilitation',
      'after_care',
      'dropout',
      'other_cci',
      'other_ngo',
      'io_police',
      'transfer_to_home_state_CWC',
    ]);
    expect(exitMethods.find((m) => m.value === 'other_ngo')?.label).toBe('Placed to SBT Shelter');
    expect(optionValues(educationLevels)).toEqual([
      'I',
      'II',
      'III',
      'IV',
      'V',
      'VI',
      'VII',
      'VIII',
      'IX',
      'X',
      'XI',
      'XII',
      'NFE',
      'NIOS',
      'Higher Education',
    ]);
    expect(optionValues(educationTypes)).toEqual([
      'formal_school',
      'non_formal_education',
      'national_institute_of_open_schooling',
      'higher_education',
      'vocational_training',
      'job_placement',
      'skill_classes',
      'special_needs_children_school',
    ]);
    expect(optionValues(educationBeforeOptions)).toEqual([
      'illiterate',
      'primary',
      'middle',
      'secondary',
      'higher_sec',
      'senior_sec',
      'religious_institution',
    ]);
    expect(sessionOptions).toHaveLength(12);
    expect(sessionOptions[0]).toEqual({ value: 'session_1', label: 'Session 1' });
    expect(sessionOptions[11]).toEqual({ value: 'session_12', label: 'Session 12' });
    expect(optionValues(mealTypes)).toEqual([1, 2, 3, 4]);
    // "Meal type options: 1, 2, 3, 4." (part 2, section 5): no invented meal names.
    expect(mealTypes.map((t) => t.label)).toEqual(['1', '2', '3', '4']);
    expect(mealTypeLabel(4)).toBe('4');
    expect(mealTypeLabel('2')).toBe('2');
  });

  it('limits and settings', () => {
    expect(uploadLimits.maxBytes).toBe(5 * 1024 * 1024);
    expect(uploadLimits.imageHintBytes).toBe(4 * 1024 * 1024);
    expect(uploadLimits.imageExtensions).toEqual(['jpg', 'jpeg', 'png']);
    expect(uploadLimits.audioAccept).toBe('audio/*');
    expect([PHONE_DIGITS, AADHAR_DIGITS, DEFAULT_COUNTRY_ID, PAGE_SIZE]).toEqual([10, 12, 101, 10]);
    expect(toastSettings).toEqual({ position: 'top-right', autoClose: 5000, limit: 3 });
    expect(dateFormats).toEqual({ display: 'DD-MM-YYYY', stored: 'YYYY-MM-DD', filter: 'DD-MM-YY' });
    expect(copyrightYears).toEqual({ range: '2014-2024', current: '2024' });
  });

  it('dashboard tiles in order with labels', () => {
    expect(dashboardTileKeys).toEqual([
      'children_supported',
      'shelter_provided',
      'meals_distributed',
      'literacy_programme',
      'school_going',
      'medical_support',
      'reunited_with_family',
      'vocational_training_jobs',
    ]);
    for (const t of dashboardTiles) expect(t.label.length).toBeGreaterThan(0);
  });
});

describe('Present Status colours and labels', () => {
  it.each([
    ['education', 'orange'],
    ['higher_education', 'orange'],
    ['medical_issue', 'orange'],
    ['mhp', 'orange'],
    ['referFromCwc', 'orange'],
    ['by_police', 'red'],
    ['by_sbt_staff', 'red'],
    ['by_third_party', 'red'],
    ['dropout', 'red'],
    ['exit_excort_restore', 'red'],
    ['other_cci', 'red'],
    ['reopen', 'olive'],
    ['transfer', 'olive'],
    ['transfer_to_home_state_CWC', 'olive'],
    ['after_care', 'olive'],
    ['follow_up', 'teal'],
    ['rehabilitation', 'teal'],
    ['restoration', 'teal'],
    ['restoration_follow_up', 'teal'],
    ['run_away', 'teal'],
    ['short_stay', 'teal'],
    ['rescue', 'teal'],
    ['produceToCwc', 'blue'],
    ['registration', 'grey'],
    [null, 'grey'],
    ['', 'grey'],
  ])('%s is %s', (status, color) => {
    expect(presentStatusColor(status)).toBe(color);
  });

  it('no status is in two groups', () => {
    const all = Object.values(statusColorGroups).flatMap((g) => [...g.statuses]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('labels of part 2, others with underscores as spaces', () => {
    expect(statusLabel('by_police')).toBe('Escort by Police');
    expect(statusLabel('by_sbt_staff')).toBe('Escort by staff');
    expect(statusLabel('by_third_party')).toBe('Escort by Third Party');
    expect(statusLabel('rehabilitation')).toBe('Rehabilitation/ Set Free');
    expect(statusLabel('dropout')).toBe('Exited after taking services/ Dropout');
    expect(statusLabel('other_cci')).toBe('Transfer to other NGO/CCI');
    expect(statusLabel('other_ngo')).toBe('Placed to a shelter');
    // "Other statuses show with underscores turned into spaces." (part 2, section 2)
    expect(statusLabel('transfer_to_home_state_CWC')).toBe('transfer to home state CWC');
    expect(statusLabel('run_away')).toBe('run away');
    expect(statusLabel('produceToCwc')).toBe('produceToCwc');
    expect(codeLabel('history_status', 'follow_up')).toBe('follow up');
    expect(codeLabel('last_status', 'by_police')).toBe('Escort by Police');
    expect(statusLabel(undefined)).toBe('');
  });
});
