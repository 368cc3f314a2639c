import { STAFF_MESSAGES, type StaffMember, type StaffRole } from '@portal/contracts/staff';
import { CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { useDisableStaffMember } from './api/disable-staff-member';
import { useEnableStaffMember } from './api/enable-staff-member';
import { useStaff } from './api/get-staff';
import { useResendStaffInvitation } from './api/resend-staff-invitation';
import { useResetStaffSecondFactor } from './api/reset-staff-second-factor';
import { useSetStaffRoles } from './api/set-staff-roles';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleDetail } from './console-detail';
import { ConsoleSectionPage } from './console-section';
import { RoleCheckboxes } from './role-checkboxes';
import { MemberFacts } from './staff-list';
import { PendingButton } from '~/components/pending-button';

/** `/konsol/staf/:id`: one member's roles, status and second factor, changed by a staff admin. */
export function StaffMemberPage() {
  const { id = '' } = useParams();
  return (
    <ConsoleSectionPage section="staff">
      {({ self }) => <StaffMemberDetail key={id} id={id} selfEmail={self.email} />}
    </ConsoleSectionPage>
  );
}

export function StaffMemberDetail({ id, selfEmail }: { id: string; selfEmail: string }) {
  const { t } = useTranslation('console');
  const staff = useStaff();
  return (
    <ConsoleDetail
      item={staff.data?.find((candidate) => candidate.id === id)}
      pending={staff.isPending}
      problem={staff.error instanceof ApiError ? staff.error : STAFF_MESSAGES.staffNotFound}
      backTo={CONSOLE_SECTION_PAGES.staff}
      backLabel={t('staff.back')}
      titleOf={(member) => member.email}
      titleClassName="break-all"
    >
      {(member) => (
        <>
          <MemberFacts member={member} />
          {member.email === selfEmail ? (
            <Alert variant="info" className="mt-6 max-w-2xl">
              {t('staff.self')}
            </Alert>
          ) : (
            <>
              <RolesForm member={member} />
              <MemberActions member={member} />
            </>
          )}
        </>
      )}
    </ConsoleDetail>
  );
}

// Plain state, not react-hook-form: one control (the role checkboxes) and no rule a choice of
// them can break, so its only failures are the server's.
function RolesForm({ member }: { member: StaffMember }) {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const save = useSetStaffRoles(member.id);
  const unchanged = roles.join() === member.roles.join();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(roles);
  };
  return (
    <form onSubmit={submit} className="mt-8 max-w-3xl space-y-4" aria-labelledby="roles-title">
      <h2 id="roles-title" className="text-2xl font-bold">
        {t('staff.rolesTitle')}
      </h2>
      <RoleCheckboxes legend={t('staff.rolesTerm')} value={roles} onChange={setRoles} />
      {save.error instanceof ApiError ? (
        <Alert variant="field-error">{localise(save.error)}</Alert>
      ) : null}
      <PendingButton
        type="submit"
        className="btn btn-primary"
        disabled={unchanged}
        pending={save.isPending}
      >
        {t('staff.saveRoles')}
      </PendingButton>
      <p aria-live="polite" className="font-semibold">
        {save.isSuccess && unchanged ? t('staff.rolesSaved') : null}
      </p>
    </form>
  );
}

type Action = 'disable' | 'enable' | 'reset';

/** Disabling, enabling, a second-factor reset (each confirmed) and a new invitation link. */
function MemberActions({ member }: { member: StaffMember }) {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  const [asking, setAsking] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutations = {
    disable: useDisableStaffMember(member.id),
    enable: useEnableStaffMember(member.id),
    reset: useResetStaffSecondFactor(member.id),
  };
  const resend = useResendStaffInvitation(member.id);
  const texts = {
    disable: {
      ask: 'confirmDisable',
      text: 'confirmDisableText',
      yes: 'yesDisable',
      done: 'disabledNote',
    },
    enable: {
      ask: 'confirmEnable',
      text: 'confirmEnableText',
      yes: 'yesEnable',
      done: 'enabledNote',
    },
    reset: { ask: 'confirmReset', text: 'confirmResetText', yes: 'yesReset', done: 'resetNote' },
  } as const;
  const ask = (action: Action) => {
    mutations[action].reset();
    setDone(null);
    setAsking(action);
  };
  return (
    <section aria-labelledby="actions-title" className="mt-10 max-w-3xl">
      <h2 id="actions-title" className="text-2xl font-bold">
        {t('staff.actionsTitle')}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {member.status === 'invited' ? (
          <PendingButton
            type="button"
            className="btn btn-secondary"
            pending={resend.isPending}
            onClick={() => {
              setDone(null);
              resend.mutate(undefined, { onSuccess: () => setDone(t('staff.resentNote')) });
            }}
          >
            {t('staff.resend')}
          </PendingButton>
        ) : null}
        {member.status === 'disabled' ? (
          <button type="button" className="btn btn-secondary" onClick={() => ask('enable')}>
            {t('staff.enable')}
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => ask('disable')}>
            {t('staff.disable')}
          </button>
        )}
        {member.secondFactor ? (
          <button type="button" className="btn btn-secondary" onClick={() => ask('reset')}>
            {t('staff.resetSecondFactor')}
          </button>
        ) : null}
      </div>
      {resend.error instanceof ApiError ? (
        <Alert variant="field-error">{localise(resend.error)}</Alert>
      ) : null}
      <p aria-live="polite" className="mt-2 font-semibold">
        {done}
      </p>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`staff.${texts[asking].ask}`, { email: member.email }) : ''}
        description={asking ? t(`staff.${texts[asking].text}`) : undefined}
        confirmLabel={asking ? t(`staff.${texts[asking].yes}`) : ''}
        pending={asking ? mutations[asking].isPending : false}
        error={asking ? mutations[asking].error : null}
        onConfirm={() => {
          if (!asking) return;
          const action = asking;
          mutations[action].mutate(undefined, {
            onSuccess: () => {
              setAsking(null);
              setDone(t(`staff.${texts[action].done}`));
            },
          });
        }}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
