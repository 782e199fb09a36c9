import { useState } from 'react';
import { Button, Group, Stack, Stepper } from '@mantine/core';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { childRegistrationSchema, registrationStepOf, type LocalChild } from '../../../../sync';
import { toast } from '../../../components/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { DraftNotice } from '../../../components/draft-notice';
import { useUser } from '../../../lib/use-store';
import { saveRegistration, stepProblem } from '../hooks/use-save-registration';
import { AdditionalInfoStep, BasicInfoStep, CaseDetailsStep, DocumentsStep } from './registration-steps';
import { registrationValues, type RegistrationValues } from './registration-values';
import { PossibleMatches, useDuplicateCheck } from './possible-matches';
import { textOf, useT } from '../../../lib/i18n';

const steps = [
  { label: 'children.wizard.basic', body: BasicInfoStep },
  { label: 'children.wizard.case', body: CaseDetailsStep },
  { label: 'children.wizard.documents', body: DocumentsStep },
  { label: 'children.wizard.additional', body: AdditionalInfoStep },
] as const;
const LAST = steps.length - 1;

/**
 * The four-step registration (spec part 1, sections 2 and 4): a step is left only when
 * its checks pass, a tab opens only once reached, Finish saves on the device. With
 * `child` it edits that child and every step is open.
 */
export function RegistrationWizard({ child }: { child?: LocalChild | null }) {
  const user = useUser();
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const [reached, setReached] = useState(child ? LAST : 0);
  const duplicates = useDuplicateCheck();
  const { t } = useT();
  // A new child is checked against the device's children once Basic Info is filled, and again at Finish.
  const looksRegistered = async (values: RegistrationValues) => !child && !(await duplicates.check(values));
  // Another menu item, Back or a closed tab keeps what was typed (files are chosen again).
  const { form, busy, draft, submit, tell } = useContractForm<RegistrationValues>({
    schema: childRegistrationSchema,
    defaultValues: registrationValues(child, user.centerId),
    draftKey: `registration:${child?.cid ?? 'new'}`,
    save: async (values) => {
      if (await looksRegistered(values)) return null;
      const outcome = await saveRegistration(values, child, user.centerId);
      if (!outcome.ok && outcome.step !== undefined) setActive(outcome.step);
      return outcome;
    },
    // A problem found at Finish opens the step that holds its field.
    onProblem: ({ field }) => {
      const step = field ? registrationStepOf(field) : undefined;
      if (step !== undefined) setActive(step);
    },
    onSaved: async () => {
      toast.success(textOf(child ? 'children.wizard.updated' : 'children.wizard.registered'));
      await navigate('/child-registration');
    },
  });

  const next = async () => {
    const problem = stepProblem(active, form.getValues(), user.centerId);
    if (problem) return tell(problem);
    form.clearErrors();
    if (active === 0 && (await looksRegistered(form.getValues()))) return;
    setActive(active + 1);
    setReached(Math.max(reached, active + 1));
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <Stack>
          <DraftNotice draft={draft} />
          <PossibleMatches
            check={duplicates}
            newLabel={active < LAST ? t('children.wizard.continueAsNew') : t('quickAdd.saveAsNew')}
            onOpen={() => void draft.clear()}
            onNew={() => void (active < LAST ? next() : submit())}
          />
          <Stepper active={active} onStepClick={(i) => i <= reached && setActive(i)} size="sm" wrap>
            {steps.map(({ label, body: Body }, i) => (
              <Stepper.Step key={label} label={t(label)} allowStepSelect={i <= reached}>
                {Body === DocumentsStep ? <DocumentsStep child={child} /> : <Body />}
              </Stepper.Step>
            ))}
          </Stepper>
          <Group justify="space-between">
            <Button variant="default" size="md" disabled={active === 0} onClick={() => setActive(active - 1)}>
              {t('children.wizard.back')}
            </Button>
            {active < LAST ? (
              <Button size="md" onClick={() => void next()}>
                {t('children.wizard.next')}
              </Button>
            ) : (
              <Button size="md" loading={busy} onClick={() => void submit()}>
                {t('children.wizard.finish')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
