import { createTheme, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { datePickerYears } from '../lib/dates';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  // md starts just above 992 px: the sidebar collapses at 992 px and narrower.
  breakpoints: { xs: '36em', sm: '48em', md: '62.0625em', lg: '75em', xl: '88em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  components: {
    DateInput: DateInput.extend({ defaultProps: datePickerYears() }),
    // Clicking the chosen option again keeps it: a required choice is not emptied by a second tap.
    Select: Select.extend({ defaultProps: { allowDeselect: false } }),
  },
});

/** Toasts: top right, 5000 ms, at most three at once (spec part 1, section 9). */
export const toastSettings = { position: 'top-right', autoClose: 5000, limit: 3 } as const;
