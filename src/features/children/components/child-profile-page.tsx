import { useState, type ReactNode } from 'react';
import { Alert, Grid, Group, Loader, SegmentedControl, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useLiveQuery } from '../../../lib/use-live-query';
import { FormProvider, useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import { exitActionTypes, getChild, isAdministrator, isAllCenterUser, type LocalChild } from '../../../../sync';
import { useUser } from '../../../lib/use-store';
import { useAccessLog } from '../../../lib/use-access-log';
import { useChildPermissions } from '../hooks/use-child-permissions';
import { useChildRecordsOnline } from '../hooks/use-child-records-online';
import { showTimeAgo } from '../../../lib/dates';
import { ChildEditForm } from './child-edit-form';
import { ChildOverview } from './child-overview';
import { ProfileSideMenu, type SideMenuItem } from './profile-side-menu';
import { readProfileSearch, readProfileState, type ProfileState } from './profile-state';
import { ChildDocumentsPanel } from './child-documents';
import { AccessHistory } from './access-history';
import { AdditionalInfoStep, BasicInfoStep, CaseDetailsStep } from './registration-steps';
import { registrationValues } from './registration-values';
import { RegistrationWizard } from './registration-wizard';
import { useT } from '../../../lib/i18n';

/** What the profile hands to the parts other features draw (composed in src/routes, never imported here). */
export type ProfileSlotProps = { child: LocalChild; editing: boolean };
type SlotProps = {
  /** Draws a side menu item other than Child's Information; without it (or when it draws nothing) the item shows 'not built yet'. */
  renderSection?: (item: SideMenuItem, props: ProfileSlotProps) => ReactNode;
  /** Draws the profile's action controls next to View/Edit (the Action dropdown, REOPEN). */
  renderActions?: (props: ProfileSlotProps) => ReactNode;
};

/** /child-registration/profile: a new registration (no route state) or a child's profile. */
export function ChildProfilePage({ renderSection, renderActions }: SlotProps = {}) {
  const location = useLocation();
  const state = readProfileState(location.state) ?? readProfileSearch(location.search);
  const { canCreate } = useChildPermissions();
  const [menu, setMenu] = useState<SideMenuItem>("Child's Information");
  const { t } = useT();
  if (!state && !canCreate) return <Navigate to="/child-registration" replace />;
  return (
    <Stack>
      <Title order={2}>{t('children.profile.title')}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ProfileSideMenu active={menu} onSelect={setMenu} isNew={!state} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {state ? (
            <ExistingChild state={state} menu={menu} renderSection={renderSection} renderActions={renderActions} />
          ) : menu !== "Child's Information" ? (
            <NotBuilt item={menu} />
          ) : (
            <RegistrationWizard />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function NotBuilt({ item }: { item: SideMenuItem }) {
  const { t, label } = useT();
  return (
    <Alert color="gray" title={label(item)} data-testid="not-built">
      {t('children.profile.notBuilt')}
    </Alert>
  );
}

function ExistingChild({ state, ...rest }: { state: ProfileState; menu: SideMenuItem } & SlotProps) {
  const child = useLiveQuery(
    async () =>
      (await (state.cid ? getChild(state.cid) : undefined)) ?? (state.id ? getChild(state.id) : undefined) ?? null,
    [state.cid, state.id],
    undefined,
  );
  const { t } = useT();
  if (child === undefined) return <Loader aria-label={t('common.loading')} />;
  if (child === null) return <Alert color="yellow">{t('children.profile.notOnDevice')}</Alert>;
  return <ChildProfile key={child.cid} child={child} initialMode={state.action} {...rest} />;
}

function ChildProfile({
  child,
  initialMode,
  menu,
  renderSection,
  renderActions,
}: { child: LocalChild; initialMode: 'view' | 'edit'; menu: SideMenuItem } & SlotProps) {
  const { canEdit } = useChildPermissions();
  const [mode, setMode] = useState<'view' | 'edit'>(initialMode === 'edit' && canEdit ? 'edit' : 'view');
  const slot = { child, editing: mode === 'edit' };
  const actions = renderActions?.(slot);
  const section = menu === "Child's Information" ? null : (renderSection?.(menu, slot) ?? <NotBuilt item={menu} />);
  const fetched = useChildRecordsOnline(child);
  const { t, label } = useT();
  // Each section opened is one entry of the access log; the view tabs log their own.
  useAccessLog(
    section || mode === 'edit'
      ? { action: 'profile_view', ...childNamed(child), subject: section ? menu : 'Edit Profile' }
      : null,
  );
  return (
    <Stack>
      {fetched?.fetchedAt != null && (
        <Text size="sm" c="dimmed" data-testid="child-records-fetched">
          {t('children.profile.fetched', { ago: showTimeAgo(fetched.fetchedAt) })}
        </Text>
      )}
      <Group justify="space-between">
        <SegmentedControl
          size="md"
          value={mode}
          onChange={(v) => setMode(v === 'edit' ? 'edit' : 'view')}
          data={[
            { value: 'view', label: t('children.profile.view') },
            { value: 'edit', label: t('children.profile.edit'), disabled: !canEdit },
          ]}
        />
        {actions ? (
          <Group>{actions}</Group>
        ) : (
          mode === 'edit' && (
            <Select
              aria-label={t('children.profile.action')}
              placeholder={t('children.profile.action')}
              size="md"
              data={exitActionTypes.map((o) => ({ value: o.value, label: label(o.label) }))}
              w={200}
              disabled
              description={t('children.profile.actionsNotBuilt')}
            />
          )
        )}
      </Group>
      {section ?? (mode === 'edit' ? <ChildEditForm child={child} /> : <ProfileTabs child={child} />)}
    </Stack>
  );
}

/** The child as an access log entry names it: by server id, or by local record until it has one. */
const childNamed = (child: LocalChild) =>
  typeof child.id === 'number' ? { childIds: [child.id] } : { childIds: [], childCids: [child.cid] };

/** View Profile: Overview, Basic Information, Images & Documents, Additional Information. */
function ProfileTabs({ child }: { child: LocalChild }) {
  const user = useUser();
  const form = useForm({ values: registrationValues(child, user.centerId) });
  const [tab, setTab] = useState('overview');
  // Administrators read who opened the record (a center-bound one, its center's children).
  const canReadAccess = isAdministrator(user) && (isAllCenterUser(user) || child.centerdetailId === user.centerId);
  useAccessLog(tab !== 'access' ? { action: 'profile_view', ...childNamed(child), subject: tab } : null);
  const { t } = useT();
  return (
    <FormProvider {...form}>
      <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">{t('children.profile.overview')}</Tabs.Tab>
          <Tabs.Tab value="basic">{t('children.profile.basic')}</Tabs.Tab>
          <Tabs.Tab value="documents">{t('children.profile.documents')}</Tabs.Tab>
          <Tabs.Tab value="additional">{t('children.profile.additional')}</Tabs.Tab>
          {canReadAccess && <Tabs.Tab value="access">{t('children.access.title')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <ChildOverview child={child} />
        </Tabs.Panel>
        <Tabs.Panel value="basic" pt="md">
          <Stack>
            <BasicInfoStep readOnly />
            <CaseDetailsStep readOnly />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <ChildDocumentsPanel child={child} editing={false} />
        </Tabs.Panel>
        <Tabs.Panel value="additional" pt="md">
          <AdditionalInfoStep readOnly />
        </Tabs.Panel>
        {canReadAccess && (
          <Tabs.Panel value="access" pt="md">
            <AccessHistory childId={typeof child.id === 'number' ? child.id : null} />
          </Tabs.Panel>
        )}
      </Tabs>
    </FormProvider>
  );
}
