import { PROFILE_MESSAGES, type ChangePasswordBody } from '@portal/contracts/profile';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import { SIGN_IN_POLICY } from '@portal/contracts/sign-in';
import type { ErrorId } from '@portal/contracts/api-error';
import { newPasswordRefusal } from '../credentials/new-password-rules';
import { RateLimitedError, UnauthorizedError, ValidationError } from '../http/domain-errors';
import type { MailLanguage } from '../notifications/mail-language';
import type { ProfileCaller, ProfileDependencies } from './profile-dependencies';
import { createProfileRepository } from './profile-repository';

const fieldError = (field: string, id: ErrorId, message: string) =>
  new ValidationError([{ field, message }], { id, message });

/**
 * A password changed by its holder while signed in: DESIGN.md's rules for a new
 * password, the current one confirming it (a wrong one counts toward the sign-in's lock), every
 * contact told, and the other sessions ended when the person asks.
 */
export function createPasswordChange(deps: ProfileDependencies) {
  const { db, hasher, audit, outbox } = deps;

  return {
    async changePassword(
      caller: ProfileCaller,
      body: Required<ChangePasswordBody>,
      ip: string,
      language: MailLanguage,
    ): Promise<{ changed: true; sessions_ended: number }> {
      const holder = await createProfileRepository(db).passwordHolder(caller.accountId);
      if (!holder) throw new UnauthorizedError();
      const refusal = newPasswordRefusal(holder.email, body.new_password);
      if (refusal) throw fieldError('new_password', refusal.id, refusal.message);

      const confirmed = await deps.signIn.confirmPassword(
        caller.accountId,
        body.current_password,
        ip,
      );
      if (confirmed === 'locked') {
        throw new RateLimitedError(SIGN_IN_POLICY.lockMinutes * 60, {
          id: 'profile_password_locked',
          message: PROFILE_MESSAGES.passwordLocked(SIGN_IN_POLICY.lockMinutes),
        });
      }
      if (confirmed === 'wrong') {
        throw fieldError(
          'current_password',
          'profile_password_wrong',
          PROFILE_MESSAGES.currentPasswordWrong,
        );
      }
      // The current hash is the initial password until it is first changed: either way a new
      // password must differ from it.
      if (holder.passwordHash && (await hasher.verify(holder.passwordHash, body.new_password))) {
        throw fieldError('new_password', 'reset_password_reused', RESET_MESSAGES.passwordReused);
      }

      // Hashing happens outside the transaction: it takes tens of milliseconds on the pool.
      const passwordHash = await hasher.hash(body.new_password);
      const accountId = String(caller.accountId);
      const listed = body.end_other_sessions ? await deps.sessions.list(accountId) : [];
      const current = listed.find((session) => session.uid === caller.sessionUid);
      const others = listed.filter((session) => session !== current);
      const templates = deps.templates.in(language);
      await db.transaction(async (tx) => {
        await createProfileRepository(tx).setPassword(caller.accountId, passwordHash);
        if (body.end_other_sessions) {
          // Without the caller's own session (a token from before sessions were named) every
          // session ends, the caller's too: nothing signed in with the old password stays.
          if (current) await deps.sessions.endAllBut(tx, accountId, current);
          else await deps.sessions.end(tx, accountId, others);
        }
        // Every contact on file is told; a phone when there is no e-mail (DESIGN.md).
        const at = new Date();
        if (holder.personalEmail) {
          await outbox.enqueue(
            tx,
            templates.passwordChangedInProfileNotice(
              holder.personalEmail,
              holder.email,
              at,
              body.end_other_sessions,
            ),
          );
        } else if (holder.phone) {
          await outbox.enqueue(
            tx,
            templates.passwordChangedNoticeSms(holder.phone, holder.email, at),
          );
        }
        await audit.record(
          {
            action: 'password-change',
            outcome: 'changed',
            personId: holder.personId,
            userType: holder.kind,
            ip,
            target: holder.email,
          },
          tx,
        );
        if (others.length > 0) {
          await audit.record(
            {
              action: 'sign-out',
              outcome: 'others-ended',
              personId: holder.personId,
              userType: holder.kind,
              ip,
            },
            tx,
          );
        }
      });
      return { changed: true, sessions_ended: others.length };
    },
  };
}
