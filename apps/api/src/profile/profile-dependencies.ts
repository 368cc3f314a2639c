import type { AuditLog } from '../audit/audit-log';
import type { RateLimitStore } from '../counters/rate-limit-store';
import type { PasswordHasher } from '../credentials/password-hasher';
import type { Db } from '../db/database';
import type { EmailChangeService } from '../email-change/email-change-service';
import type { MessageTemplates } from '../notifications/message-templates';
import type { OutboxService } from '../notifications/outbox-service';
import type { SignInSessions } from '../sign-in/oidc-adapter';
import type { SignInService } from '../sign-in/sign-in-service';

/** What the profile's parts work with (the one deps type of the module, decision 0257). */
export type ProfileDependencies = {
  db: Db;
  audit: AuditLog;
  hasher: PasswordHasher;
  outbox: OutboxService;
  templates: MessageTemplates;
  /** The data export's rate limit. */
  counters: RateLimitStore;
  /** The current password checked, counted and locked as at sign-in. */
  signIn: Pick<SignInService, 'confirmPassword'>;
  /** The sign-in provider's sessions of an account. */
  sessions: SignInSessions;
  /** The change of personal e-mail, its rules and counters, for a signed-in person. */
  emailChange: Pick<EmailChangeService, 'startSignedIn' | 'confirmSignedIn'>;
};

/** Who calls a profile operation: the account, and the session its token was issued in. */
export type ProfileCaller = { accountId: number; sessionUid: string | null };
