import {
  STAFF_INVITATION_VALID_HOURS,
  STAFF_ROLE_NAMES,
  StaffInviteBodySchema,
  type StaffMember,
  type StaffRole,
  type StaffSelf,
} from '@portal/contracts/staff';
import { CONSOLE_SECTION_PAGES } from '@portal/contracts/web-routes';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { contractResolver } from '~/components/contract-resolver';
import { FilterSelect } from '~/components/filter-select';
import { FormField } from '~/components/form-field';
import { ListStatus } from '~/components/list-status';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';
import { useStaff } from './api/get-staff';
import { useInviteStaffMember, type StaffInvitation } from './api/invite-staff-member';
import { ConsoleSectionPage } from './console-section';
import { formatWib } from './console-time';
import { RoleCheckboxes } from './role-checkboxes';
import { PendingButton } from '~/components/pending-button';

const STATUSES = ['invited', 'active', 'disabled'] as const;

/** `/konsol/staf`: the staff, for staff admins: who holds what, and invitations. */
export function StaffPage() {
  return (
    <ConsoleSectionPage section="staff">
      {({ self }) => <StaffList self={self} />}
    </ConsoleSectionPage>
  );
}

/** Every member with their roles, status, second factor and last sign-in; the invitation form. */
export function StaffList({ self }: { self: StaffSelf }) {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState('');
  const [role, setRole] = useState('');
  const staff = useStaff();
  const shown = staff.data?.filter(
    (member) =>
      (!status || member.status === status) && (!role || member.roles.includes(role as StaffRole)),
  );
  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title" className="text-3xl font-bold">
        {t('sections.staff')}
      </h1>
      <p className="mt-2 max-w-3xl text-muted">{t('staff.intro')}</p>
      <InviteForm />
      <h2 className="mt-10 text-2xl font-bold">{t('staff.listTitle')}</h2>
      <form
        aria-label={t('staff.filters')}
        className="mt-3 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSelect
          label={t('staff.status')}
          value={status}
          onChange={setStatus}
          anyText={t('staff.anyStatus')}
          options={STATUSES.map((value) => ({ value, text: t(`staff.statuses.${value}`) }))}
        />
        <FilterSelect
          label={t('staff.role')}
          value={role}
          onChange={setRole}
          anyText={t('staff.anyRole')}
          options={STAFF_ROLE_NAMES.map((value) => ({ value, text: t(`roles.${value}`) }))}
        />
      </form>
      <ListStatus
        error={staff.error}
        count={shown?.length}
        pending={staff.isPending}
        texts={{
          none: t('staff.none'),
          total: (count) => t('staff.total', { count }),
          loading: t('loading'),
        }}
      />
      <ul
        className="mt-2 divide-y divide-line border-y border-line"
        aria-label={t('staff.listTitle')}
      >
        {shown?.map((member) => (
          <MemberItem key={member.id} member={member} isSelf={member.email === self.email} />
        ))}
      </ul>
    </section>
  );
}

function MemberItem({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const { t } = useTranslation('console');
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1 basis-64">
        <h3 className="break-all font-semibold">
          {member.email}
          {isSelf ? ` (${t('staff.you')})` : ''}
        </h3>
        <MemberFacts member={member} />
      </div>
      {/* Nobody changes their own account: their own row has no way to. */}
      {isSelf ? null : (
        <Link
          to={`${CONSOLE_SECTION_PAGES.staff}/${member.id}`}
          className="btn btn-secondary max-w-full wrap-anywhere"
        >
          {t('staff.manage', { email: member.email })}
        </Link>
      )}
    </li>
  );
}

/** A member's roles, status, second factor and last sign-in, as terms and their values. */
export function MemberFacts({ member }: { member: StaffMember }) {
  const { t, i18n } = useTranslation('console');
  const row = (term: string, value: string) => (
    <div className="sm:flex sm:gap-2">
      <dt className="font-semibold">{term}:</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
  return (
    <dl className="mt-1 text-sm">
      {row(
        t('staff.rolesTerm'),
        member.roles.length === 0
          ? t('staff.noRoles')
          : member.roles.map((role) => t(`roles.${role}`)).join(', '),
      )}
      {row(t('staff.status'), t(`staff.statuses.${member.status}`))}
      {row(
        t('staff.secondFactor'),
        member.secondFactor ? t('staff.enrolled') : t('staff.notEnrolled'),
      )}
      {row(
        t('staff.lastSignIn'),
        member.lastSignInAt ? formatWib(member.lastSignInAt, i18n.language) : t('staff.never'),
      )}
    </dl>
  );
}

type InviteValues = { email: string; roles: StaffRole[] };
const NO_INVITE: InviteValues = { email: '', roles: [] };
const inviteResolver = contractResolver<InviteValues, StaffInvitation>(StaffInviteBodySchema);

/** An address of the staff domain and its roles: the API mails the person a link. */
function InviteForm() {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  const emailId = useId();
  const { register, control, handleSubmit, reset } = useForm<
    InviteValues,
    unknown,
    StaffInvitation
  >({ defaultValues: NO_INVITE, resolver: inviteResolver });
  const [emailProblem, setEmailProblem] = useState<ShownMessage | null>(null);
  const invite = useInviteStaffMember();
  const failure = invite.error instanceof ApiError ? invite.error : null;
  const onEmail = failure?.fieldErrors.find((item) => item.field === 'email');
  // The form's one message stands under the address: the schema's first.
  const refused = (errors: FieldErrors<InviteValues>) =>
    setEmailProblem(Object.values(errors).find((error) => error?.message)?.message ?? null);
  const submit = handleSubmit((body) => {
    setEmailProblem(null);
    invite.mutate(body, { onSuccess: () => reset(NO_INVITE) });
  }, refused);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 max-w-3xl space-y-4"
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title" className="text-2xl font-bold">
        {t('staff.inviteTitle')}
      </h2>
      <FormField
        id={emailId}
        label={t('staff.email')}
        hint={t('staff.emailHint')}
        error={localise(
          emailProblem ?? (onEmail && failure ? failure.fieldMessage(onEmail) : null),
        )}
        announceError
      >
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            spellCheck={false}
            {...register('email')}
          />
        )}
      </FormField>
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <RoleCheckboxes
            legend={t('staff.rolesTerm')}
            hint={t('staff.rolesHint')}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {failure && !onEmail ? <Alert variant="field-error">{localise(failure)}</Alert> : null}
      <PendingButton type="submit" className="btn btn-primary" pending={invite.isPending}>
        {t('staff.invite')}
      </PendingButton>
      <p aria-live="polite" className="font-semibold">
        {invite.data
          ? t('staff.invited', { email: invite.data.email, hours: STAFF_INVITATION_VALID_HOURS })
          : null}
      </p>
    </form>
  );
}
