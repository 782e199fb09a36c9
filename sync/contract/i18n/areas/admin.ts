/** The words of the admin and case-work screens (actions, centers, CWC, exits, roles, tags, users, schemes, beneficiaries); see ../texts.ts. */
export const adminTexts = {} as const;
