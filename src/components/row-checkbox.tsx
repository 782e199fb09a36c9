import { Checkbox } from '@mantine/core';

/**
 * A row's selection box inside a 44 px label, so a finger on a phone hits it (WCAG 2.5.5);
 * the label toggles the box it holds.
 */
export function RowCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="touch-target" data-testid="row-checkbox">
      <Checkbox aria-label={label} checked={checked} onChange={onChange} size="md" />
    </label>
  );
}
