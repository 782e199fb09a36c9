import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { DateInput } from '@mantine/dates';
import { dateFormats, datePickerYears, parseTypedDate } from '../../../src/lib/dates';
import { render } from '../../render';

describe('the date picker lists 100 years (spec part 1, dates)', () => {
  it('spans 100 calendar years ending with next year', () => {
    const { minDate, maxDate } = datePickerYears(new Date(2026, 10, 24));
    expect(minDate).toBe('1928-01-01');
    expect(maxDate).toBe('2027-12-31');
    expect(Number(maxDate.slice(0, 4)) - Number(minDate.slice(0, 4)) + 1).toBe(100);
  });

  it('every DateInput of the app takes the range from the theme: a day inside is taken, one 150 years back is not', () => {
    const onChange = vi.fn();
    render(
      <DateInput label="Date" valueFormat={dateFormats.display} dateParser={parseTypedDate} onChange={onChange} />,
    );
    const input = screen.getByLabelText('Date');
    const year = new Date().getFullYear();
    fireEvent.change(input, { target: { value: `01-01-${year - 150}` } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: `01-01-${year - 90}` } });
    expect(onChange).toHaveBeenCalledWith(`${year - 90}-01-01`);
  });
});
