/** The words of meals, balances, notifications, report details, the sync page and the app's frame (src/app, src/routes); see ../texts.ts. */
export const servicesTexts = {} as const;
