import {
  createTheme,
  type CSSVariablesResolver,
  type DrawerProps,
  type MenuProps,
  type ModalProps,
  type SelectProps,
} from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { datePickerYears } from '../lib/date-picker-years';

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons, light variants and outlines in shade 9: white on blue-9 is 6.1:1 and
  // blue-9 on its light background 5.3:1 (WCAG AA asks 4.5:1; shade 6 gave 3.6 and 3.2).
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'sm',
  // md starts just above 992 px: the sidebar collapses at 992 px and narrower.
  breakpoints: { xs: '36em', sm: '48em', md: '62.0625em', lg: '75em', xl: '88em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  // Component defaults are plain entries, not Modal.extend() and the like: those import the
  // components themselves (the date picker, menus, dialogs and their positioning library),
  // which would put them in every first load instead of the screens that use them.
  components: {
    // A clearable date's clear button is named for screen readers.
    DateInput: {
      defaultProps: {
        ...datePickerYears(),
        clearButtonProps: { 'aria-label': 'Clear date' },
      } satisfies Partial<DateInputProps>,
    },
    // Clicking the chosen option again keeps it: a required choice is not emptied by a second tap.
    Select: { defaultProps: { allowDeselect: false } satisfies Partial<SelectProps> },
    // A dialog's close button is named for screen readers.
    // Its top leaves room for a toast on touch sizes (app.css).
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        yOffset: 'var(--dialog-top)',
      } satisfies Partial<ModalProps>,
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
    // A menu holds only items, labels and dividers: no empty focus placeholder before them
    // (axe aria-required-children); opened, the menu itself takes focus and arrows reach its items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
  },
});

/**
 * Secondary ('dimmed') text and placeholders in gray-7, 8.2:1 on white (gray-6 was 3.3:1, gray-5
 * 2.1:1); a refused field's outline and message in red-8, 4.5:1 (red-6 was 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7]!,
    '--mantine-color-placeholder': theme.colors.gray[7]!,
    '--mantine-color-error': theme.colors.red[8]!,
  },
  dark: {},
});

/** Touch sizes: phones and tablets (the sidebar collapses at 992 px) and any coarse pointer; app.css holds the same query. */
export const touchMedia = '(max-width: 62em), (pointer: coarse)';

/**
 * Toasts: top right, 5000 ms, at most three at once (spec part 1, section 9). On touch sizes a
 * dialog opens below the first toast's place (app.css, --dialog-top), so a toast covers no
 * dialog's title or close button; the field it names is scrolled to the dialog's middle.
 */
export const toastSettings = { position: 'top-right', autoClose: 5000, limit: 3 } as const;
