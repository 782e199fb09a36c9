/** The words of the child's screens (src/features/children) and the shared components (src/components); see ../texts.ts. */
export const childrenTexts = {} as const;
