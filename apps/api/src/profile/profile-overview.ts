import type { Profile, ProfileEvent, SchoolAdmins } from '@portal/contracts/profile';
import { maskEmail } from '../personal-data/masking';
import { UnauthorizedError } from '../http/domain-errors';
import type { ProfileDependencies } from './profile-dependencies';
import { createProfileRepository } from './profile-repository';

const ACTIVITY_SHOWN = 10;

/** Audit entries a person is shown, by action and outcome; anything else stays internal. */
const EVENTS: Record<string, Record<string, ProfileEvent>> = {
  'sign-in': {
    'signed-in': 'sign_in',
    'wrong-password': 'sign_in_failed',
    locked: 'sign_in_failed',
  },
  'sign-in-lock': { locked: 'sign_in_locked' },
  'reset-password': { changed: 'password_reset' },
  'change-email': { confirmed: 'email_changed', 'confirmed-signed-in': 'email_changed' },
  'password-change': { 'initial-replaced': 'password_changed', changed: 'password_changed' },
  'password-confirm': { 'wrong-password': 'sign_in_failed', locked: 'sign_in_failed' },
  'sign-out': { 'session-ended': 'sessions_ended', 'others-ended': 'sessions_ended' },
  'data-export': { exported: 'data_exported' },
  'student-password-reset': { 'reset-by-school': 'password_reset' },
  'second-factor': { wrong: 'sign_in_failed', locked: 'sign_in_failed' },
  'second-factor-passkey': { wrong: 'sign_in_failed', locked: 'sign_in_failed' },
  'second-factor-add': { totp: 'second_factor_added', passkey: 'second_factor_added' },
  'second-factor-remove': { totp: 'second_factor_removed', passkey: 'second_factor_removed' },
  'recovery-codes-renew': { renewed: 'recovery_codes_renewed' },
};

const ADMIN_ROLES = ['principal', 'operator'] as const;

/** What a signed-in person reads about themselves (SPEC §2). */
export function createProfileOverview({ db, audit }: ProfileDependencies) {
  const repository = createProfileRepository(db);
  // Events recorded by account address are found by the audit trail's keyed hash.
  const auditHash = audit.hash;

  return {
    /** What `/profile` shows of the person behind an account (contracts/profile.ts). */
    async profileOf(accountId: number): Promise<Profile> {
      const signedIn = await repository.account(accountId);
      if (!signedIn) throw new UnauthorizedError();
      // Independent reads go out together: one round trip's wait instead of four.
      const [person, accounts, memberships, office] = await Promise.all([
        repository.person(signedIn.personId),
        repository.accountsOf(signedIn.personId),
        repository.schoolsOf(signedIn.personId),
        repository.officeOf(signedIn.personId),
      ]);
      const events = await repository.events(signedIn.personId, {
        actions: Object.keys(EVENTS),
        targetHashes: accounts.map((account) => auditHash(account.email)),
        limit: ACTIVITY_SHOWN * 3,
      });
      const activity = events
        .flatMap(({ at, action, outcome }) => {
          const event = EVENTS[action]?.[outcome];
          return event ? [{ at: at.toISOString(), event }] : [];
        })
        .slice(0, ACTIVITY_SHOWN);
      return {
        name: person?.name ?? '',
        signedInAs: signedIn.email,
        accounts: accounts.map((account) => ({
          email: account.email,
          userType: account.kind,
          schoolLevel: account.schoolLevel,
        })),
        schools: memberships,
        office: office?.name ?? null,
        personalEmail: person?.personalEmail ? maskEmail(person.personalEmail) : null,
        activity,
      };
    },

    /**
     * The schools the account's person belongs to in the registry, whether they run each, and
     * who does: the auth modal tells a teacher whose request a student account needs.
     */
    async schoolAdminsOf(accountId: number): Promise<SchoolAdmins> {
      const signedIn = await repository.account(accountId);
      if (!signedIn) throw new UnauthorizedError();
      const memberships = await repository.currentMemberships(signedIn.personId);
      const npsns = [...new Set(memberships.map((membership) => membership.npsn))];
      const admins = npsns.length === 0 ? [] : await repository.holdersOf(npsns, [...ADMIN_ROLES]);
      return {
        schools: npsns.map((npsn) => {
          const own = memberships.filter((membership) => membership.npsn === npsn);
          return {
            npsn,
            name: own[0]?.name ?? '',
            isAdmin: own.some((membership) => ADMIN_ROLES.some((role) => role === membership.role)),
            admins: admins.flatMap((admin) =>
              admin.npsn === npsn && (admin.role === 'principal' || admin.role === 'operator')
                ? [{ name: admin.name, role: admin.role }]
                : [],
            ),
          };
        }),
      };
    },
  };
}
