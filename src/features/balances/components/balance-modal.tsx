import { Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller, useWatch } from 'react-hook-form';
import { ALL_CENTERS_ID, dateFormats, previousBalanceFormSchema } from '../../../../sync';
import { parseTypedDate } from '../../../lib/dates';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { useUser } from '../../../lib/use-store';
import { saveBalance, type BalanceValues, type LocalPreviousBalance } from '../hooks/use-balances';
import { useCenterSelect } from '../../../lib/use-lookups';
import { FormActions } from '../../../components/form-actions';
import { useT } from '../../../lib/i18n';
import { texts } from '../../../../sync/shell';

/** Add / Update Previous Balance: center, activity date, comment, male, female; total computed. */
export function BalanceModal({ balance, onClose }: { balance?: LocalPreviousBalance; onClose: () => void }) {
  const user = useUser();
  const centers = useCenterSelect();
  const bound = user.centerId !== ALL_CENTERS_ID;
  const {
    form,
    busy,
    draft,
    submit: save,
  } = useContractForm<BalanceValues>({
    schema: previousBalanceFormSchema,
    defaultValues: {
      centerId: balance?.centerId ? String(balance.centerId) : bound ? String(user.centerId) : null,
      activity_date: balance?.activity_date ?? null,
      comment: balance?.comment ?? '',
      male: balance?.male ?? 0,
      female: balance?.female ?? 0,
    },
    draftKey: `balance:${balance?.cid ?? 'new'}`,
    save: (values) => saveBalance(values, balance?.cid),
    onSaved: () => {
      toast.success(balance ? texts['balances.modal.updated'] : texts['balances.modal.added']);
      onClose();
    },
  });
  const [male, female] = useWatch({ control: form.control, name: ['male', 'female'] });
  const { t, label, message } = useT();
  const error = (text: string | undefined) => (text ? message(text) : text);
  return (
    <Modal opened onClose={onClose} title={balance ? t('balances.modal.update') : t('balances.modal.add')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <Controller
            name="centerId"
            control={form.control}
            render={({ field, fieldState }) => (
              <Select
                label={t('balances.field.center')}
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
            name="activity_date"
            control={form.control}
            render={({ field, fieldState }) => (
              <DateInput
                label={t('balances.field.activityDate')}
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
          <Textarea
            label={t('balances.field.comment')}
            withAsterisk
            size="md"
            error={error(form.formState.errors.comment?.message)}
            {...form.register('comment')}
          />
          <Group grow>
            <Controller
              name="male"
              control={form.control}
              render={({ field, fieldState }) => (
                <NumberInput
                  label={label('Male')}
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
            <Controller
              name="female"
              control={form.control}
              render={({ field, fieldState }) => (
                <NumberInput
                  label={label('Female')}
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
            <TextInput
              label={t('common.total')}
              size="md"
              readOnly
              value={String((Number(male) || 0) + (Number(female) || 0))}
            />
          </Group>
          <FormActions
            label={balance ? t('meals.modal.updateButton') : t('common.save')}
            busy={busy}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
