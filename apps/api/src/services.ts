import { accountDomain } from '@portal/contracts/brand';
import { createAccessRepository } from './access/access-repository';
import { createAccess } from './access/access';
import { createHealthService } from './health/health-service';
import { createWebSessionService } from './web-session/web-session-service';
import { registerAccountCreationWorker } from './accounts/account-creation-jobs';
import { createAnnouncementsService } from './announcements/announcements-service';
import { createAccountLookupService } from './account-lookup/account-lookup-service';
import { createLookupTokens } from './account-lookup/lookup-token';
import { createAuditLog } from './audit/audit-log';
import { createPasswordHasher } from './credentials/password-hasher';
import { createBotCheckService } from './bot-check/bot-check-service';
import type { Config } from './config';
import type { Database, Transaction } from './db/database';
import { createFeatureTogglesService } from './feature-toggles/feature-toggles-service';
import { logBackgroundError } from './logging/logger-options';
import type { RateLimitStore } from './counters/rate-limit-store';
import { createJobQueue } from './jobs/job-queue';
import { createMetrics } from './metrics/metrics';
import { createNotifications } from './notifications/notifications';
import { createPasswordResetService } from './password-reset/password-reset-service';
import { createPasskeysService } from './passkeys/passkeys-service';
import { createSignInMethodsService } from './sign-in-methods/sign-in-methods-service';
import { createStaffPasskeysService } from './staff/staff-passkeys-service';
import { registerRetentionJobs } from './retention/retention-jobs';
import { createOneTimeCodes } from './one-time-codes/one-time-codes';
import {
  createOidcAdapter,
  createSignInSessions,
  revokeAccountSignIns,
} from './sign-in/oidc-adapter';
import { createProviders } from './sign-in/oidc-provider';
import { createShortLivedStore, type ShortLivedStore } from './sign-in/oidc-adapter-short-lived';
import {
  backchannelTransport,
  queueAccountLogouts,
  queueBackchannelLogout,
} from './sign-in/backchannel-logout';
import { createPlatformsService } from './platforms/platforms-service';
import { createBadgeSignIn } from './sign-in/badge-sign-in';
import { createSignInService } from './sign-in/sign-in-service';
import { createSigningKeys } from './sign-in/signing-keys';
import { createProfileService } from './profile/profile-service';
import { createStaffService } from './staff/staff-service';
import { createAuditTrailService } from './audit-trail/audit-trail-service';
import { createTrackingService } from './tracking/tracking-service';
import { createEmailChangeService } from './email-change/email-change-service';
import { createInitialPasswordSealer } from './school-admin/initial-passwords';
import { createSchoolAdminService } from './school-admin/school-admin-service';
import { registerStudentRequestWorker } from './school-admin/student-request-jobs';
import { createLetterCheck } from './uploads/letter-check';
import { localFolderStorage, s3Storage } from './uploads/private-storage';
import { registerUploadSweep } from './uploads/uploads-jobs';
import { createUploadsService } from './uploads/uploads-service';
import { createOfficeRequestService } from './office-request/office-request-service';
import { createConsoleService } from './console/console-service';
import { registerOfficeAccountWorker } from './console/office-account-jobs';
import { registerStatisticsJobs } from './statistics/statistics-jobs';
import { createStatisticsService } from './statistics/statistics-service';
import { systemClock, type Clock } from './jobs/clock';
import { registerRegistrySyncJobs } from './registry-sync/registry-sync-jobs';
import { createRegistrySyncService } from './registry-sync/registry-sync-service';
import { registerDeletionJobs } from './account-deletion/account-deletion-jobs';
import { createAccountDeletionService } from './account-deletion/account-deletion-service';
import { createBadgeCredentials } from './badges/badge-credential';
import { createBadgesService } from './badges/badges-service';
import { registerBadgeWorkers } from './badges/badges-jobs';
import { createDemoIdentitiesService } from './demo/demo-identities-service';

type Dependencies = {
  config: Config;
  database: Database;
  rateLimit: RateLimitStore;
  /** The provider's short-lived models' home when shared; made from the configuration otherwise. */
  providerState?: ShortLivedStore;
  /** The registry's lifecycle runs by it: tests move it. */
  now?: Clock;
};

/** Wires every service to its data; the one place dependencies are assembled. */
export function createServices({
  config,
  database,
  rateLimit,
  providerState,
  now = systemClock,
}: Dependencies) {
  const { db } = database;
  // Made here, the store is this app's to open and close; a shared one is its owner's.
  const shortLivedState = providerState ?? createShortLivedStore(config.redisUrl);
  const ownsState = !providerState;
  const metrics = createMetrics({ database, rateLimit });
  const queue = createJobQueue(database, { pollingIntervalSeconds: config.jobs.pollingSeconds });
  const notifications = createNotifications({
    config,
    db,
    queue,
    metrics,
    // The platforms' logout tokens are signed and posted by the provider built below.
    backchannel: backchannelTransport((clientId, sub, sid) =>
      oidcProviders.deliverBackchannelLogout(clientId, sub, sid),
    ),
  });
  const { outbox, templates } = notifications;
  const botCheck = createBotCheckService({
    ...config.botCheck,
    store: rateLimit,
    perIpPerMinute: config.limits.lookupPerIpPerMinute,
  });
  const audit = createAuditLog(db, config.trackingHmacKey, (error) =>
    logBackgroundError('audit batch not written', error),
  );
  const featureToggles = createFeatureTogglesService({ db, audit });
  /**
   * Ends every session, grant and token of an account (a new password, a staff "disable"),
   * after queueing the back-channel logout of each platform its sessions signed in to.
   */
  const revokeSignIns = async (tx: Transaction, accountId: string) => {
    await queueAccountLogouts(outbox.enqueue, tx, accountId);
    await revokeAccountSignIns(tx, accountId);
    signIn.forgetClaims(accountId);
  };
  const platforms = createPlatformsService({
    db,
    audit,
    publicAddressesOnly: config.env === 'production',
  });
  const hasher = createPasswordHasher();
  const codes = createOneTimeCodes(config.tokenSecret, {
    resendCooldownSeconds: config.limits.codeResendCooldownSeconds,
  });
  const accountLookup = createAccountLookupService({
    db,
    tokens: createLookupTokens(config.tokenSecret),
    botCheck,
    toggles: featureToggles,
    counters: rateLimit,
    outbox,
    queue,
    templates,
    audit,
    codes,
    limits: config.limits,
  });

  const emailChange = createEmailChangeService({
    db,
    lookup: accountLookup,
    outbox,
    templates,
    audit,
    codes,
  });

  const passwordReset = createPasswordResetService({
    db,
    botCheck,
    toggles: featureToggles,
    counters: rateLimit,
    outbox,
    templates,
    audit,
    hasher,
    codes,
    revokeSignIns: (tx, accountId) => revokeSignIns(tx, String(accountId)),
    limits: config.limits,
    verifyMinMs: config.resetVerifyMinMs,
    productName: config.brand.productName,
  });

  const passkeys = createPasskeysService({
    db,
    audit,
    ...config.passkeys,
    rpName: `Akun ${accountDomain(config.brand)}`,
    tokenSecret: config.tokenSecret,
  });
  const signInMethods = createSignInMethodsService({
    db,
    hasher,
    audit,
    outbox,
    templates,
    passkeys,
    tokenSecret: config.tokenSecret,
  });
  const signIn = createSignInService({
    db,
    hasher,
    botCheck,
    audit,
    toggles: featureToggles,
    counters: rateLimit,
    limitPerIpPerMinute: config.limits.signInPerIpPerMinute,
    tokenLimitPerClientPerMinute: config.limits.tokenPerClientPerMinute,
    tokenRefusalsPerAddressPerMinute: config.limits.tokenRefusalsPerAddressPerMinute,
    staffDomain: config.staffDomain,
    tokenSecret: config.tokenSecret,
    passkeys,
    secondFactors: signInMethods,
    revokeSignIns,
    metrics,
    connectPlatform: platforms.connect,
  });
  const signInSessions = createSignInSessions(db, (tx, clientId, sub, sid) =>
    queueBackchannelLogout(outbox.enqueue, tx, clientId, sub, sid),
  );
  const signingKeys = createSigningKeys(db, config.tokenSecret);
  const oidcProviders = createProviders(
    {
      ...config.oidc,
      tokenSecret: config.tokenSecret,
      proxy: config.trustProxy !== false,
      originFromIssuer: config.env === 'production',
      adapter: createOidcAdapter(db, shortLivedState),
      findAccount: signIn.providerAccountClaims,
      allowLoopbackRequests: config.env !== 'production',
      platforms: {
        find: platforms.providerClient,
        agreedScopes: platforms.agreedScopes,
        connect: platforms.connect,
      },
      queueBackchannelLogout: async (clientId, sub, sid) => {
        await db.transaction((tx) =>
          queueBackchannelLogout(outbox.enqueue, tx, clientId, sub, sid),
        );
      },
      recordSessionUse: signInSessions.recordUse,
    },
    signingKeys,
  );

  const accessRepository = createAccessRepository(db);
  const webSession = createWebSessionService({
    db,
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    webOrigin: config.oidc.webOrigin,
    tokenSecret: config.tokenSecret,
    sessions: signInSessions,
    audit,
    sessionIsLive: accessRepository.sessionIsLive,
    pending: shortLivedState,
    // A visitor starts a sign-in again (a second tab, the back button, a step-up) more often
    // than they answer a password: three starts to each password answer the limit allows.
    starts: { counters: rateLimit, perIpPerMinute: 3 * config.limits.signInPerIpPerMinute },
  });
  const access = createAccess({
    verificationKeys: async () => (await signingKeys.providerKeys()).keys,
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    repository: accessRepository,
    audit,
    webSession: { webOrigin: config.oidc.webOrigin, accessToken: webSession.accessToken },
  });
  const profile = createProfileService({
    db,
    audit,
    hasher,
    outbox,
    templates,
    counters: rateLimit,
    signIn,
    sessions: signInSessions,
    emailChange,
  });

  const initialPasswords = createInitialPasswordSealer(config.tokenSecret);
  const schoolAdmin = createSchoolAdminService({
    db,
    queue,
    audit,
    toggles: featureToggles,
    sealer: initialPasswords,
    hasher,
    outbox,
    templates,
    revokeSignIns: (tx, accountId) => revokeSignIns(tx, String(accountId)),
    domain: accountDomain(config.brand),
  });

  const storage = config.uploads.s3
    ? s3Storage(config.uploads.s3)
    : localFolderStorage(config.uploads.dir);
  const uploads = createUploadsService({
    db,
    storage,
    audit,
    letterCheck: createLetterCheck(),
    counters: rateLimit,
  });
  const officeRequest = createOfficeRequestService({
    db,
    hasher,
    outbox,
    templates,
    audit,
    toggles: featureToggles,
    counters: rateLimit,
  });
  const consoleService = createConsoleService({
    db,
    replica: database.replica.read,
    queue,
    outbox,
    templates,
    audit,
    storage,
    domain: accountDomain(config.brand),
  });

  const tracking = createTrackingService({
    db,
    hmacKey: config.trackingHmacKey,
    credentials: config.eventTracker,
    counters: rateLimit,
  });
  const statistics = createStatisticsService({
    db,
    replica: database.replica.read,
    counters: rateLimit,
  });
  const announcements = createAnnouncementsService({ db, audit, toggles: featureToggles });
  const accountDeletion = createAccountDeletionService({
    db,
    outbox,
    templates,
    audit,
    now,
    tokenSecret: config.tokenSecret,
  });

  const staff = createStaffService({
    db,
    hasher,
    outbox,
    templates,
    audit,
    staffDomain: config.staffDomain,
    revokeSignIns,
  });

  const auditTrail = createAuditTrailService({ db, audit });
  const registrySync = createRegistrySyncService({ database, queue, now });
  const badgeDeps = { db, queue, audit, counters: rateLimit, tokenSecret: config.tokenSecret, now };
  const badges = createBadgesService(badgeDeps);
  // A student's badge at the provider's badge step: who may use one, where (decision 0296).
  const badgeSignIn = createBadgeSignIn({
    badges: createBadgeCredentials(badgeDeps),
    counters: rateLimit,
    limitPerIpPerMinute: config.limits.signInPerIpPerMinute,
    audit,
    toggles: featureToggles,
    accountClaims: signIn.accountClaims,
  });

  return {
    metrics,
    queue,
    health: createHealthService({ database, outbox }),
    audit,
    staff,
    auditTrail,
    announcements,
    accountDeletion,
    schoolAdmin,
    uploads,
    storage,
    officeRequest,
    console: consoleService,
    hasher,
    passwordReset,
    outbox,
    featureToggles,
    botCheck,
    accountLookup,
    emailChange,
    signIn,
    badgeSignIn,
    signInMethods,
    staffPasskeys: createStaffPasskeysService({ db, passkeys }),
    /** Served only outside production, where the registry is synthetic (`app.ts`). */
    demoIdentities: createDemoIdentitiesService({
      db,
      hasher,
      productName: config.brand.productName,
      staffDomain: config.staffDomain,
    }),
    oidcProviders,
    access,
    webSession,
    profile,
    statistics,
    tracking,
    platforms,
    badges,
    /** Checks a printed badge at sign-in: its QR code, or its short code with the NPSN. */
    badgeCredentials: createBadgeCredentials(badgeDeps),
    /** Where the provider's short-lived models live (for readiness and metrics). */
    providerState: shortLivedState,
    /** What a password reset or a staff "disable" does to an account's sign-ins. */
    endSignIns: revokeSignIns,
    /** Starts the job queue and this instance's workers; every instance may run them. */
    async start(): Promise<void> {
      if (ownsState) await shortLivedState.connect();
      await oidcProviders.start();
      await queue.start();
      await outbox.registerWorkers();
      await registerRetentionJobs(db, queue);
      await registerAccountCreationWorker({
        db,
        queue,
        outbox,
        templates,
        domain: accountDomain(config.brand),
      });
      await registerUploadSweep(uploads, queue);
      await registerRegistrySyncJobs(registrySync, queue, {
        inboxDir: config.registryInboxDir,
        everySeconds: config.jobs.registrySyncEverySeconds,
      });
      await registerDeletionJobs(accountDeletion, queue, config.jobs.accountDeletionEverySeconds);
      await registerOfficeAccountWorker(consoleService, queue);
      await registerStatisticsJobs(statistics, queue, config.jobs.statisticsEverySeconds);
      await registerStudentRequestWorker(schoolAdmin, queue);
      await registerBadgeWorkers(badges, queue);
    },
    async stop(): Promise<void> {
      oidcProviders.stop();
      await audit.flush();
      await queue.stop();
      notifications.close();
      if (ownsState) await shortLivedState.close();
    },
  };
}
export type Services = ReturnType<typeof createServices>;
