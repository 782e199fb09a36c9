import {
  educationLevels,
  educationTypes,
  escortExitMethodsFor,
  exitTypes,
  fieldLabels,
  medicalIssues,
  mhpOptions,
  otherOptions,
  restorationMethods,
  sessionOptions,
  TRANSFER_TARGET_LABEL,
  type ActionFormKey,
} from '../../../../sync';

type Option = { value: string; label: string };

/** One field of an action form: its kind, label and, for selects, its options. */
export type ActionField =
  | {
      name: string;
      kind: 'date' | 'text' | 'textarea' | 'center' | 'scheme' | 'file';
      label: string;
      required?: boolean;
      readOnly?: boolean;
    }
  | {
      name: string;
      kind: 'select';
      label: string;
      options: readonly Option[] | ((values: Record<string, unknown>) => readonly Option[]);
      required?: boolean;
    };

const comment: ActionField = { name: 'comment', kind: 'textarea', label: 'Comment', required: true };
const date = (label: string): ActionField => ({ name: 'transfer_date', kind: 'date', label, required: true });
const select = (
  name: keyof typeof fieldLabels,
  options: ActionField & { kind: 'select' } extends { options: infer O } ? O : never,
  required = true,
): ActionField => ({
  name,
  kind: 'select',
  label: fieldLabels[name],
  options,
  required,
});
const text = (name: keyof typeof fieldLabels, kind: 'text' | 'textarea' = 'text'): ActionField => ({
  name,
  kind,
  label: fieldLabels[name],
  required: true,
});

const restoreFields = (dateLabel: string): ActionField[] => [
  date(dateLabel),
  { name: 'centerId', kind: 'center', label: 'Center', required: true },
  select('restoration_method', restorationMethods),
  text('restore_to'),
  text('restore_to_address', 'textarea'),
  comment,
];

/** Fields of each action form in screen order (spec part 1 sections 3, 4, 5 and 9). */
export const actionFields: Record<Exclude<ActionFormKey, 'followUps'>, ActionField[]> = {
  restore: restoreFields('Restoration date'),
  restorationFollowUp: [
    ...restoreFields('Restoration follow up date'),
    { name: 'filename', kind: 'file', label: 'File' },
  ],
  medical: [date('Medical Test Date'), select('medical_issues', medicalIssues), comment],
  education: [
    date('Educational Date'),
    select('education_type', educationTypes),
    select('education_level', educationLevels, false),
    comment,
  ],
  mhp: [
    date('Date'),
    { name: 'session_number', kind: 'select', label: 'Session', options: sessionOptions },
    select('mhp', mhpOptions),
    select('other', otherOptions, false),
    comment,
  ],
  transfer: [
    date('Transfer date'),
    { name: 'current_centerId', kind: 'center', label: fieldLabels.current_centerId, required: true, readOnly: true },
    { name: 'centerId', kind: 'center', label: TRANSFER_TARGET_LABEL, required: true },
    comment,
  ],
  escortExit: [
    date('Date Of Escort/Exit'),
    select('exit_type', exitTypes),
    {
      name: 'escort_exit_method',
      kind: 'select',
      label: fieldLabels.escort_exit_method,
      options: (v) => escortExitMethodsFor(v.exit_type === 'exit' ? 'exit' : 'escort'),
      required: true,
    },
    text('escort_exit_to'),
    text('escort_exit_address', 'textarea'),
    comment,
  ],
  sps: [
    date('Date'),
    { name: 'centerId', kind: 'center', label: 'Center', required: true },
    { name: 'social_protection_scheme', kind: 'scheme', label: 'Social Protection Scheme', required: true },
    comment,
  ],
  centerChange: [
    { name: 'centerId', kind: 'center', label: 'Center', required: true },
    { name: 'date', kind: 'date', label: 'Date', required: true },
    comment,
  ],
};

/** Forms whose document rows are checked ('Extra document rows are also checked for Restore, Follow-Up, Transfer and Escort/Exit'). */
export const withDocuments: Partial<Record<ActionFormKey, 'checked' | 'unchecked'>> = {
  restore: 'checked',
  restorationFollowUp: 'checked',
  transfer: 'checked',
  escortExit: 'checked',
  medical: 'unchecked',
  education: 'unchecked',
  mhp: 'unchecked',
  sps: 'unchecked',
};

/** The sync operation of each form (sync/entities/history.ts, entity historyActions). */
export const actionOps: Record<ActionFormKey, string> = {
  restore: 'restoration',
  restorationFollowUp: 'restoration_follow_up',
  medical: 'medical',
  education: 'education',
  mhp: 'mhp',
  transfer: 'save_transfer',
  escortExit: 'save_excort_exit',
  sps: 'social_protection_scheme',
  centerChange: 'center_change',
  followUps: 'follow_up',
};

/** The status a saved entry shows until the server answers (the server sets the same). */
export function localStatus(key: ActionFormKey, values: Record<string, unknown>): string {
  switch (key) {
    case 'restore':
      return 'restoration';
    case 'restorationFollowUp':
      return 'restoration_follow_up';
    case 'medical':
      return 'medical_issue';
    case 'education':
      return values.education_type === 'higher_education' ? 'higher_education' : 'education';
    case 'mhp':
      return 'mhp';
    case 'escortExit':
      return String(values.escort_exit_method ?? '');
    case 'sps':
      return 'social_protection_scheme';
    case 'followUps':
      return 'follow_up';
    default:
      return 'transfer';
  }
}
