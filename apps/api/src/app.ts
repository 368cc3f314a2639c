import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountDomain, apiPrefix } from '@portal/contracts/brand';
import { declareAccess, publicAccess, registerAccess } from './access/access-scope';
import type { Config } from './config';
import type { Database } from './db/database';
import { accountLookupRoutes } from './account-lookup/account-lookup-routes';
import { announcementsRoutes } from './announcements/announcements-routes';
import { emailChangeRoutes } from './email-change/email-change-routes';
import { botCheckRoutes } from './bot-check/bot-check-routes';
import { featureTogglesRoutes } from './feature-toggles/feature-toggles-routes';
import { healthRoutes } from './health/health-routes';
import { clientErrorHandler, registerErrorHandler } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import { loggerOptions } from './logging/logger-options';
import { requestIdOf, runForRequest } from './logging/request-id';
import { devMailboxRoutes } from './notifications/dev-mailbox-routes';
import { demoIdentitiesRoutes } from './demo/demo-identities-routes';
import type { ShortLivedStore } from './sign-in/oidc-adapter-short-lived';
import type { RateLimitStore } from './counters/rate-limit-store';
import { passwordResetRoutes } from './password-reset/password-reset-routes';
import { profileRoutes } from './profile/profile-routes';
import { schoolAdminRoutes } from './school-admin/school-admin-routes';
import { badgesRoutes } from './badges/badges-routes';
import { signInMethodsRoutes } from './sign-in-methods/sign-in-methods-routes';
import { officeRequestRoutes } from './office-request/office-request-routes';
import { uploadsRoutes } from './uploads/uploads-routes';
import { hostHeaderCheck } from './http/host-header';
import { staffRoutes } from './staff/staff-routes';
import { auditTrailRoutes } from './audit-trail/audit-trail-routes';
import { consoleRoutes } from './console/console-routes';
import { staffPasskeysRoutes } from './staff/staff-passkeys-routes';
import { accountDeletionRoutes } from './account-deletion/account-deletion-routes';
import type { Clock } from './jobs/clock';
import { registerMetricsServer } from './metrics/metrics-server';
import type { Tracing } from './tracing/tracing';
import { createServices, type Services } from './services';
import { statisticsRoutes } from './statistics/statistics-routes';
import { loopbackOriginRedirect } from './sign-in/loopback-origin';
import { issuerPath } from './sign-in/oidc-provider';
import { oidcProviderRoutes, signInRoutes } from './sign-in/sign-in-routes';
import { interactionSteps } from './sign-in/interaction-steps';
import { signInPages } from './sign-in/sign-in-pages';
import { BOT_CHECK_CHALLENGE_PATH } from '@portal/contracts/account-lookup';
import { trackingRoutes } from './tracking/tracking-routes';
import { platformsRoutes } from './platforms/platforms-routes';
import { platformScopesDescription } from './sign-in/platform-docs';
import { webAppPlugin } from './web/web-app-plugin';
import { inProcessFetch } from './web-session/in-process-fetch';
import { webSessionRoutes } from './web-session/web-session-routes';

export type AppOptions = {
  config: Config;
  database: Database;
  rateLimit: RateLimitStore;
  /**
   * Where the sign-in provider's short-lived models live, when instances of one process share
   * it (the test cluster); otherwise the services make their own from the configuration.
   */
  providerState?: ShortLivedStore;
  /** Where JSON log lines go; stdout when absent. Tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
  /** The clock of the registry's lifecycle; tests pass one they move. */
  now?: Clock;
  /** Request spans when tracing is on (`tracing/tracing.ts`); none otherwise. */
  tracing?: Tracing | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
    /** Where this instance's /metrics listens once ready; undefined when metrics are off. */
    metricsUrl: string | undefined;
  }
}

/** Builds the whole HTTP application; listening is the caller's business. */
export async function buildApp({
  config,
  database,
  rateLimit,
  providerState,
  logStream,
  now,
  tracing,
}: AppOptions): Promise<FastifyInstance> {
  // Only proxies named by configuration may say who the client is (X-Forwarded-For).
  // Fastify takes a hop count too (lib/request.js), though its type leaves numbers out.
  const trustProxy = config.trustProxy as FastifyServerOptions['trustProxy'];
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    // nginx's `x-request-id` when it is a plain short id, a UUID otherwise: one id for a request
    // on every instance, job and service it reaches (decision 0280), never a caller's free text.
    genReqId: requestIdOf,
    trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // Traces before anything else, so every hook and route added below runs inside its request's span.
  await tracing?.register(app);
  // The services, jobs and calls a handler reaches work on behalf of its request: a job it
  // queues carries the request's id (decision 0280). Entered in a preHandler, right before the
  // handler: it then holds however the body was read, and whichever hooks ran before.
  app.addHook('preHandler', (request, _reply, done) => runForRequest(request.id, done));
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const services = createServices({
    config,
    database,
    rateLimit,
    ...(providerState ? { providerState } : {}),
    ...(now ? { now } : {}),
  });
  app.decorate('services', services);
  // Jobs start with the app and stop before the database closes (graceful shutdown).
  app.addHook('onReady', services.start);
  app.addHook('onClose', services.stop);
  // Before any route: every route's scope declares who may call it, or the app does not start.
  registerAccess(app);
  // Metrics on a port of their own when configured (never a route of this app).
  registerMetricsServer(app, services.metrics, config);

  // 1. Security headers first so every reply carries them.
  app.addHook('onRequest', securityHeaders({ production: config.env === 'production' }));
  // A Host that names no host is refused before anything builds a URL from it.
  app.addHook('onRequest', hostHeaderCheck({ behindProxy: config.trustProxy !== false }));
  // One origin for a developer's browser, whichever loopback name it was opened on.
  if (config.env !== 'production')
    app.addHook('onRequest', loopbackOriginRedirect(config.oidc.webOrigin));
  await app.register(fastifyCookie);
  // The contract document is still built (routes read it), but served only when configured
  // (decision 0215).
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `Akun ${accountDomain(config.brand)} API`,
        description: `Public API of the learning-account portal (SPEC §7).\n\n${platformScopesDescription(config.oidc.issuer)}`,
        version: '1',
      },
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) {
    await app.register(async (docs) => {
      declareAccess(docs, publicAccess);
      await docs.register(fastifySwaggerUi, { routePrefix: '/docs' });
    });
  }

  // 2. Routes: operations, the sign-in provider at its issuer's path, then the API under the
  // product prefix, then the web app.
  await app.register(healthRoutes, { service: services.health });
  const mountPath = issuerPath(config.oidc.issuer);
  await app.register(oidcProviderRoutes, {
    providers: services.oidcProviders,
    mountPath,
    tokenRequests: services.signIn,
  });
  // The provider's steps as pages (decision 0286), rendered by the web's sign-in build.
  const signInPagesOf = signInPages({
    mountPath,
    webOrigin: config.oidc.webOrigin,
    rendererPath: config.signInRenderer,
    webBuildDir: config.webBuildDir,
    botCheckChallenge: `${apiPrefix(config.brand)}${BOT_CHECK_CHALLENGE_PATH}`,
    steps: interactionSteps(services.oidcProviders),
    service: services.signIn,
    badges: services.badgeSignIn,
    toggles: services.featureToggles,
  });
  await app.register(signInRoutes, {
    providers: services.oidcProviders,
    mountPath,
    service: services.signIn,
    pages: signInPagesOf,
  });
  await app.register(signInPagesOf.routes);
  services.oidcProviders.connectSignOutPages(({ language, ...step }, page) =>
    signInPagesOf.renderSignOut({ ...step, language }, page),
  );
  // The portal's own session talks to the embedded provider in process, as the browser it
  // acts for (web-session/in-process-fetch.ts).
  services.webSession.connectProvider((browser) => inProcessFetch(app, browser));
  await app.register(webSessionRoutes, { service: services.webSession });
  await app.register(
    async (api) => {
      // Task modules: each plugin takes its service, and the access hook where a scope needs it.
      const { access } = services;
      await api.register(featureTogglesRoutes, { service: services.featureToggles, access });
      await api.register(botCheckRoutes, { service: services.botCheck });
      await api.register(accountLookupRoutes, { service: services.accountLookup });
      await api.register(emailChangeRoutes, { service: services.emailChange });
      await api.register(profileRoutes, { service: services.profile, access });
      await api.register(signInMethodsRoutes, { service: services.signInMethods, access });
      await api.register(schoolAdminRoutes, { service: services.schoolAdmin, access });
      await api.register(badgesRoutes, { service: services.badges, access });
      await api.register(officeRequestRoutes, { service: services.officeRequest });
      await api.register(uploadsRoutes, { service: services.uploads });
      await api.register(staffRoutes, { service: services.staff, access });
      await api.register(auditTrailRoutes, { service: services.auditTrail, access });
      await api.register(staffPasskeysRoutes, { service: services.staffPasskeys, access });
      await api.register(consoleRoutes, { service: services.console, access });
      await api.register(statisticsRoutes, { service: services.statistics, access });
      await api.register(announcementsRoutes, { service: services.announcements, access });
      await api.register(accountDeletionRoutes, { service: services.accountDeletion, access });
      await api.register(passwordResetRoutes, { service: services.passwordReset });
      await api.register(trackingRoutes, { service: services.tracking });
      await api.register(platformsRoutes, { service: services.platforms, access });
    },
    { prefix: apiPrefix(config.brand) },
  );
  // Pages that show synthetic data and mail: never where real people's data is.
  if (config.env !== 'production') {
    await app.register(devMailboxRoutes, { service: services.outbox });
    await app.register(demoIdentitiesRoutes, { service: services.demoIdentities });
  }
  await app.register(webAppPlugin, {
    webBuildDir: config.webBuildDir,
    apiPrefix: apiPrefix(config.brand),
  });

  return app;
}
