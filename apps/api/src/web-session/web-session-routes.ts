import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_REFERENCE,
  WEB_AUTH_PATHS,
  WEB_SESSION,
  loginReferenceOf,
} from '@portal/contracts/sign-in-client';
import { WebSessionResponseSchema } from '@portal/contracts/web-session';
import { declareAccess, publicAccess } from '../access/access-scope';
import { noStore } from '../http/no-store';
import { refuseCrossSiteChange } from '../access/cross-site';
import { RateLimitedError } from '../http/domain-errors';
import { callbackRefusedPage, signInBusyPage } from './web-session-pages';
import { webSessionCookies } from '../access/web-session-cookies';
import {
  CallbackRefusedError,
  SignInUnavailableError,
  WEB_SESSION_SECONDS,
  type WebSessionService,
} from './web-session-service';

/** A sign-in in progress waits at most this long for its callback. */
const SIGN_IN_COOKIE_SECONDS = 60 * 60;
const BINDING = /^[\w-]{43}$/;

/**
 * The portal's sign-in, answered by the server (decision 0287): `/auth/login` sends the browser
 * to the provider at once, the callback exchanges the code and sets the session cookie, the
 * web reads who is signed in from `/auth/session`, and a sign-out posts to `/auth/logout`.
 */
export const webSessionRoutes: FastifyPluginAsyncZod<{ service: WebSessionService }> = async (
  app,
  { service },
) => {
  const { webOrigin } = service;
  declareAccess(app, publicAccess);
  app.addHook('onRequest', noStore);
  const cookies = webSessionCookies(webOrigin);
  /**
   * A navigation's answer when a sign-in cannot start or finish now: the per-address limit, or the
   * short-lived store away. Both are pages to try again from, never a 500; anything else throws.
   */
  const busy = (reply: FastifyReply, error: unknown) => {
    if (error instanceof RateLimitedError) {
      return reply
        .status(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .type('text/html; charset=utf-8')
        .send(signInBusyPage());
    }
    if (error instanceof SignInUnavailableError) {
      reply.log.warn({ err: error.cause }, 'sign-in in progress could not be kept or read');
      return reply
        .status(503)
        .header('retry-after', '30')
        .type('text/html; charset=utf-8')
        .send(signInBusyPage());
    }
    throw error;
  };
  const browserOf = (request: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.get(
    '/auth/login',
    {
      schema: {
        hide: true,
        // Anything else a link carries is left alone; a wrong value falls back, never fails.
        querystring: z.looseObject({
          returnTo: z.string().max(2048).optional().catch(undefined),
          ref: z.string().max(64).optional().catch(undefined),
          reauth: z.string().max(8).optional().catch(undefined),
        }),
      },
    },
    async (request, reply) => {
      const { returnTo, ref, reauth } = request.query;
      // A second tab's sign-in shares the first's binding, so both callbacks find it.
      const kept = request.cookies[cookies.signIn];
      let started;
      try {
        started = await service.startSignIn({
          ip: request.ip,
          returnTo,
          reauthenticate: reauth === '1',
          browserBinding: kept && BINDING.test(kept) ? kept : undefined,
        });
      } catch (error) {
        return busy(reply, error);
      }
      const { location, browserBinding } = started;
      return reply
        .setCookie(cookies.signIn, browserBinding, cookies.options(SIGN_IN_COOKIE_SECONDS))
        .setCookie(
          LOGIN_REFERENCE.cookie,
          loginReferenceOf(ref),
          cookies.options(LOGIN_REFERENCE.maxAgeSeconds),
        )
        .redirect(location, 303);
    },
  );

  app.get(WEB_AUTH_PATHS.loginCallback, { schema: { hide: true } }, async (request, reply) => {
    const callbackUrl = new URL(request.url, webOrigin);
    try {
      const { sessionCookie, returnTo } = await service.completeSignIn({
        callbackUrl,
        browserBinding: request.cookies[cookies.signIn],
        browser: browserOf(request),
      });
      return reply
        .clearCookie(cookies.signIn, cookies.options(0))
        .setCookie(cookies.session, sessionCookie, cookies.options(WEB_SESSION_SECONDS))
        .redirect(returnTo, 303);
    } catch (error) {
      if (!(error instanceof CallbackRefusedError)) return busy(reply, error);
      request.log.info({ refusal: error.refusal }, 'sign-in callback refused');
      return reply.status(400).type('text/html; charset=utf-8').send(callbackRefusedPage());
    }
  });

  app.get(
    WEB_SESSION.paths.session,
    { schema: { hide: true, response: { 200: WebSessionResponseSchema } } },
    async (request) => ({
      data: await service.sessionUser(request.cookies[cookies.session]),
    }),
  );

  // The sign-out is a plain form post (it works without script): its empty form is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  app.post(WEB_SESSION.paths.logout, { schema: { hide: true } }, async (request, reply) => {
    refuseCrossSiteChange(request, webOrigin);
    await service.signOut(request.cookies[cookies.session], request.ip);
    return reply
      .clearCookie(cookies.session, cookies.options(0))
      .redirect(`${WEB_AUTH_PATHS.logoutCallback}?${WEB_SESSION.signedOutParam}=1`, 303);
  });
};
