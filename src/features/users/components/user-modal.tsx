import { FileInput, Modal, PasswordInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller } from 'react-hook-form';
import {
  dateFormats,
  normaliseInput,
  statusFlags,
  uploadLimits,
  userFormSchemaFor,
  type LocalUser,
} from '../../../../sync';
import { parseTypedDate } from '../../../lib/dates';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { saveUser, userInput, type UserValues } from '../hooks/save-user';
import { useRoleOptions } from '../hooks/use-users';
import { useCenters } from '../../../lib/use-lookups';
import { FormActions } from '../../../components/form-actions';
import { useT } from '../../../lib/i18n';
import { texts, type TextKey } from '../../../../sync/shell';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Add User / Update User: every field; the e-mail fixed once created, the password optional on update. */
export function UserModal({ user, onClose }: { user?: LocalUser; onClose: () => void }) {
  const roles = useRoleOptions();
  const centers = useCenters();
  const mode = user ? 'update' : 'create';
  const { t, label } = useT();
  const statusOptions = statusFlags.map((s) => ({ value: String(s.value), label: label(s.label) }));
  const {
    form,
    busy,
    draft,
    submit: save,
  } = useContractForm<UserValues>({
    schema: userFormSchemaFor(mode),
    // The e-mail cannot be changed on update, so the form holds the one created.
    input: (values) => userInput(values, mode),
    defaultValues: {
      name: text(user?.name),
      email: text(user?.email),
      password: '',
      status: user ? text(user.status) : '1',
      mobile_number: text(user?.mobile_number),
      join_date: text(user?.join_date),
      image: null,
      comment: text(user?.comment),
      centertypeId: text(user?.centerId ?? user?.centertypeId),
      role_id: text(user?.role_id),
    },
    draftKey: `user:${user?.cid ?? 'new'}`,
    save: (values) => saveUser(values, user ? { cid: user.cid, email: user.email } : undefined),
    onSaved: () => {
      toast.success(texts[user ? 'admin.users.updated' : 'admin.users.added']);
      onClose();
    },
  });

  const field = (name: keyof UserValues, labelKey: TextKey, required: boolean, normalise: string = name) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field: f }) => (
        <TextInput
          label={t(labelKey)}
          withAsterisk={required}
          size="md"
          value={f.value as string}
          onChange={(e) => f.onChange(normaliseInput(normalise, e.currentTarget.value))}
        />
      )}
    />
  );

  return (
    <Modal opened onClose={onClose} title={t(user ? 'admin.users.update' : 'admin.users.add')} size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {field('name', 'admin.common.name', true)}
            <Controller
              name="email"
              control={form.control}
              render={({ field: f }) => (
                <TextInput
                  label={t('admin.common.email')}
                  withAsterisk
                  size="md"
                  type="email"
                  value={f.value}
                  disabled={Boolean(user)}
                  onChange={(e) => f.onChange(normaliseInput('email', e.currentTarget.value))}
                />
              )}
            />
            <Controller
              name="password"
              control={form.control}
              render={({ field: f }) => (
                <PasswordInput
                  label={t('admin.users.password')}
                  withAsterisk={!user}
                  size="md"
                  autoComplete="new-password"
                  value={f.value}
                  onChange={(e) => f.onChange(e.currentTarget.value)}
                />
              )}
            />
            <Controller
              name="status"
              control={form.control}
              render={({ field: f }) => (
                <Select
                  label={t('admin.common.status')}
                  withAsterisk
                  size="md"
                  data={statusOptions}
                  value={f.value || null}
                  onChange={(v) => f.onChange(v ?? '')}
                />
              )}
            />
            {field('mobile_number', 'admin.common.phone', true, 'mobileno')}
            <Controller
              name="join_date"
              control={form.control}
              render={({ field: f }) => (
                <DateInput
                  dateParser={parseTypedDate}
                  label={t('admin.users.joinDate')}
                  size="md"
                  valueFormat={dateFormats.display}
                  placeholder={dateFormats.display}
                  value={f.value || null}
                  onChange={(v) => f.onChange(v ?? '')}
                  clearable
                />
              )}
            />
            <Controller
              name="centertypeId"
              control={form.control}
              render={({ field: f }) => (
                <Select
                  label={t('admin.common.center')}
                  withAsterisk
                  size="md"
                  searchable
                  data={centers.map((c) => ({ value: String(c.id), label: c.name }))}
                  value={f.value || null}
                  onChange={(v) => f.onChange(v ?? '')}
                />
              )}
            />
            <Controller
              name="role_id"
              control={form.control}
              render={({ field: f }) => (
                <Select
                  label={t('admin.common.role')}
                  withAsterisk
                  size="md"
                  data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
                  value={f.value || null}
                  onChange={(v) => f.onChange(v ?? '')}
                />
              )}
            />
            <Controller
              name="image"
              control={form.control}
              render={({ field: f }) => (
                <FileInput
                  label={t('admin.common.image')}
                  size="md"
                  accept={uploadLimits.imageAccept}
                  placeholder={t('admin.common.imageHint')}
                  value={f.value}
                  onChange={f.onChange}
                  clearable
                />
              )}
            />
          </SimpleGrid>
          <Controller
            name="comment"
            control={form.control}
            render={({ field: f }) => (
              <Textarea
                label={t('admin.common.comment')}
                withAsterisk
                size="md"
                autosize
                minRows={2}
                value={f.value}
                onChange={(e) => f.onChange(e.currentTarget.value.trimStart())}
              />
            )}
          />
          <FormActions label={user ? t('admin.common.update') : t('common.save')} busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
