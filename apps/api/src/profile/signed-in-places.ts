import { createHash } from 'node:crypto';
import { PROFILE_MESSAGES, type SignedInSessions } from '@portal/contracts/profile';
import { NotFoundError, UnauthorizedError } from '../http/domain-errors';
import type { SignedInSession } from '../sign-in/oidc-adapter';
import type { ProfileCaller, ProfileDependencies } from './profile-dependencies';
import { createProfileRepository } from './profile-repository';
import { describeUserAgent } from './user-agent';

/** The id a session has in the list: a digest of its uid, so the uid itself never travels. */
const publicIdOf = (uid: string) =>
  createHash('sha256').update(uid).digest('base64url').slice(0, 22);

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * Where the account is signed in: the sign-in provider's sessions, each with the
 * browser and system its user agent names, first and last use, the caller's own marked; ending
 * one, or all but the caller's, ends their grants and refresh tokens at once.
 */
export function createSignedInPlaces(deps: ProfileDependencies) {
  const { db, audit, sessions } = deps;

  async function personOf(accountId: number) {
    const holder = await createProfileRepository(db).passwordHolder(accountId);
    if (!holder) throw new UnauthorizedError();
    return holder;
  }

  const describe = (caller: ProfileCaller) => (session: SignedInSession) => ({
    id: publicIdOf(session.uid),
    ...describeUserAgent(session.userAgent),
    signed_in_at: iso(session.signedInAt),
    last_used_at: iso(session.lastUsedAt ?? session.signedInAt),
    current: session.uid === caller.sessionUid,
  });

  /** The caller's sessions, newest use first, the caller's own first of all. */
  async function signedInSessions(caller: ProfileCaller): Promise<SignedInSessions> {
    const listed = (await sessions.list(String(caller.accountId))).map(describe(caller));
    const time = (at: string | null) => (at ? Date.parse(at) : 0);
    listed.sort(
      (a, b) =>
        Number(b.current) - Number(a.current) || time(b.last_used_at) - time(a.last_used_at),
    );
    return { sessions: listed };
  }

  async function endSessions(
    caller: ProfileCaller,
    ended: SignedInSession[],
    ip: string,
    outcome: 'session-ended' | 'others-ended',
    end: (tx: Parameters<typeof sessions.end>[0]) => Promise<void>,
  ) {
    const holder = await personOf(caller.accountId);
    await db.transaction(async (tx) => {
      await end(tx);
      await audit.record(
        { action: 'sign-out', outcome, personId: holder.personId, userType: holder.kind, ip },
        tx,
      );
    });
    return { ended: ended.length };
  }

  return {
    signedInSessions,

    /** Ends one session of the caller's account (their own too, if they name it). */
    async endSession(caller: ProfileCaller, id: string, ip: string) {
      const accountId = String(caller.accountId);
      const session = (await sessions.list(accountId)).find((s) => publicIdOf(s.uid) === id);
      if (!session) {
        throw new NotFoundError({
          id: 'profile_session_not_found',
          message: PROFILE_MESSAGES.sessionNotFound,
        });
      }
      return endSessions(caller, [session], ip, 'session-ended', (tx) =>
        sessions.end(tx, accountId, [session]),
      );
    },

    /** Ends every session of the caller's account but the one the call comes from. */
    async endOtherSessions(caller: ProfileCaller, ip: string) {
      const accountId = String(caller.accountId);
      const listed = await sessions.list(accountId);
      const current = listed.find((session) => session.uid === caller.sessionUid);
      const others = listed.filter((session) => session !== current);
      return endSessions(caller, others, ip, 'others-ended', (tx) =>
        current ? sessions.endAllBut(tx, accountId, current) : sessions.end(tx, accountId, others),
      );
    },
  };
}
