/**
 * History statuses (spec part 1, section 4) grouped by the colour Present Status is
 * shown in, and their labels (part 2, section 2).
 */
export const statusColorGroups = {
  otherServices: {
    color: 'orange',
    statuses: ['education', 'higher_education', 'medical_issue', 'mhp', 'referFromCwc'],
  },
  exited: {
    color: 'red',
    statuses: ['by_police', 'by_sbt_staff', 'by_third_party', 'dropout', 'exit_excort_restore', 'other_cci'],
  },
  transferred: {
    color: 'olive',
    statuses: ['reopen', 'transfer', 'transfer_to_home_state_CWC', 'after_care'],
  },
  restored: {
    color: 'teal',
    statuses: [
      'follow_up',
      'rehabilitation',
      'restoration',
      'restoration_follow_up',
      'run_away',
      'short_stay',
      'rescue',
    ],
  },
  produceToCwc: { color: 'blue', statuses: ['produceToCwc'] },
} as const;

/** Colour of a child that has only its registration (no history status). */
export const REGISTRATION_COLOR = 'grey';

/** A colour Present Status may take. */
export type StatusColor =
  | (typeof statusColorGroups)[keyof typeof statusColorGroups]['color']
  | typeof REGISTRATION_COLOR;

/**
 * The colour of a Present Status value. Statuses outside every group (registration,
 * an empty status, or one the spec does not colour such as other_ngo) are grey.
 */
export function presentStatusColor(status: string | null | undefined): StatusColor {
  if (!status) return REGISTRATION_COLOR;
  for (const group of Object.values(statusColorGroups)) {
    if ((group.statuses as readonly string[]).includes(status)) return group.color;
  }
  return REGISTRATION_COLOR;
}

/** Labels that differ from the status key (part 2, section 2). */
export const statusLabels: Readonly<Record<string, string>> = {
  by_police: 'Escort by Police',
  by_sbt_staff: 'Escort by staff',
  by_third_party: 'Escort by Third Party',
  rehabilitation: 'Rehabilitation/ Set Free',
  dropout: 'Exited after taking services/ Dropout',
  other_cci: 'Transfer to other NGO/CCI',
  other_ngo: 'Placed to a shelter',
};

/** The label of a history status: the spec's label, else underscores become spaces. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return statusLabels[status] ?? status.replace(/_/g, ' ');
}

/** Exit and restoration status keys that the part 2 lists filter on. */
export const exitRestoreStatusKeys = [
  'dropout',
  'run_away',
  'short_stay',
  'other_ngo',
  'io_police',
  'transfer_to_home_state_CWC',
  'rescue',
  'other_cci',
  'by_police',
  'by_sbt_staff',
  'by_third_party',
  'rehabilitation',
  'after_care',
  'higher_education',
  'restoration',
  'restoration_follow_up',
  'follow_up',
  'transfer',
  'education',
  'medical_issue',
  'mhp',
] as const;
/** A status key of the exit/restoration lists. */
export type ExitRestoreStatusKey = (typeof exitRestoreStatusKeys)[number];

/** Status keys of the per-child history listing call (/listing/{childId}/{key}). */
export const listingStatusKeys = [
  'restoration',
  'medical_issue',
  'education',
  'mhp',
  'social_protection_scheme',
  'follow_up',
] as const;
/** A status key of /listing/{childId}/{key}. */
export type ListingStatusKey = (typeof listingStatusKeys)[number];
