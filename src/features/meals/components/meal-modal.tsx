import { Modal, NumberInput, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller } from 'react-hook-form';
import { ALL_CENTERS_ID, dateFormats, mealFields, mealFormSchema } from '../../../../sync';
import { parseTypedDate } from '../../../lib/dates';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { useUser } from '../../../lib/use-store';
import { saveMeal, type LocalMeal, type MealValues } from '../hooks/use-meals';
import { useMealCenterSelect } from '../../../lib/use-lookups';
import { FormActions } from '../../../components/form-actions';
import { useT } from '../../../lib/i18n';
import { texts } from '../../../../sync/shell';

// The spec's options are the numbers 1 to 4, with no meaning given (part 2, section 5).
const mealTypeOptions = [...mealFields.meal_type.options];

/** Add Meal / Update Meal: center, date, meals provided in a day, children count. */
export function MealModal({ meal, onClose }: { meal?: LocalMeal; onClose: () => void }) {
  const user = useUser();
  const centers = useMealCenterSelect();
  const bound = user.centerId !== ALL_CENTERS_ID;
  const {
    form,
    busy,
    draft,
    submit: save,
  } = useContractForm<MealValues>({
    schema: mealFormSchema,
    input: (values) => ({ ...values, id: meal?.id }),
    defaultValues: {
      center_id: meal?.center_id ? String(meal.center_id) : bound ? String(user.centerId) : null,
      meal_date: meal?.meal_date ?? null,
      meal_type: meal?.meal_type ? String(meal.meal_type) : null,
      child_count: meal?.child_count ?? '',
    },
    draftKey: `meal:${meal?.cid ?? 'new'}`,
    save: (values) => saveMeal(values, meal?.cid, meal?.id),
    onSaved: () => {
      toast.success(meal ? texts['meals.modal.updated'] : texts['meals.modal.added']);
      onClose();
    },
  });
  const { t, label, message } = useT();
  const error = (text: string | undefined) => (text ? message(text) : text);
  return (
    <Modal opened onClose={onClose} title={meal ? t('meals.modal.update') : t('meals.modal.add')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <Controller
            name="center_id"
            control={form.control}
            render={({ field, fieldState }) => (
              <Select
                label={label(mealFields.center_id.label)}
                withAsterisk
                size="md"
                data={centers}
                ref={field.ref}
                error={error(fieldState.error?.message)}
                value={field.value}
                onChange={field.onChange}
                readOnly={bound}
              />
            )}
          />
          <Controller
            name="meal_date"
            control={form.control}
            render={({ field, fieldState }) => (
              <DateInput
                label={label(mealFields.meal_date.label)}
                withAsterisk
                size="md"
                valueFormat={dateFormats.display}
                dateParser={parseTypedDate}
                ref={field.ref}
                error={error(fieldState.error?.message)}
                value={field.value}
                onChange={field.onChange}
                clearable
              />
            )}
          />
          <Controller
            name="meal_type"
            control={form.control}
            render={({ field, fieldState }) => (
              <Select
                label={label(mealFields.meal_type.label)}
                withAsterisk
                size="md"
                data={mealTypeOptions}
                ref={field.ref}
                error={error(fieldState.error?.message)}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            name="child_count"
            control={form.control}
            render={({ field, fieldState }) => (
              <NumberInput
                label={label(mealFields.child_count.label)}
                withAsterisk
                size="md"
                min={0}
                allowDecimal={false}
                ref={field.ref}
                error={error(fieldState.error?.message)}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <FormActions label={meal ? t('meals.modal.updateButton') : t('common.save')} busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
