import { readdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import {
  BadgeConfirmBodySchema,
  BadgeQrBodySchema,
  BadgeShortCodeBodySchema,
} from '@portal/contracts/badge-sign-in';
import { RESET_MESSAGES } from '@portal/contracts/password-reset';
import {
  ASSURANCE_LEVELS,
  AUTHENTICATION_METHODS,
  ConsentBodySchema,
  INTERACTION_PATHS,
  InteractionParamsSchema,
  NewPasswordBodySchema,
  SignInBodySchema,
  TotpBodySchema,
  TotpEnrolBodySchema,
  WEB_AUTH_PATHS,
  type SignInResult,
} from '@portal/contracts/sign-in';
import {
  LANGUAGE_COOKIE,
  SIGN_IN_PAGE_PATHS,
  type PageMessage,
  type RenderSignInPage,
  type SignInPage,
  type SignInPageLanguage,
  type SignOutPage,
} from '@portal/contracts/sign-in-pages';
import { declareAccess, publicAccess } from '../access/access-scope';
import type { FeatureTogglesService } from '../feature-toggles/feature-toggles-service';
import {
  DomainError,
  ForbiddenError,
  RateLimitedError,
  ServiceUnavailableError,
} from '../http/domain-errors';
import { noStore } from '../http/no-store';
import { logBackgroundError } from '../logging/logger-options';
import {
  clientOf,
  consentScopes,
  pendingOf,
  redirectOrigin,
  type FoundInteraction,
  type InteractionSteps,
} from './interaction-steps';
import { badgeNotAllowed, type BadgeSignIn, type PendingBadge } from './badge-sign-in';
import { allowsBadgeSignIn } from './oidc-provider';
import type { SignInService } from './sign-in-service';

// The provider's steps as server-rendered pages (decision 0286): each step one HTML document
// with its form, posting a plain form here; the answer is the next step's page or the redirect.
// The web's sign-in server build renders them with the web's components and catalogues.

export type SignInPagesOptions = {
  mountPath: string;
  webOrigin: string;
  /** The web's sign-in server build (a module exporting `renderSignInPage`). */
  rendererPath: string;
  /** The web's client build: the enhancement script is found there by its name. */
  webBuildDir: string;
  /** Where the web's bot check asks for its challenge (under the API's prefix). */
  botCheckChallenge: string;
  steps: InteractionSteps;
  service: SignInService;
  /** A student's badge, at the platforms whose registration allows it. */
  badges: BadgeSignIn;
  toggles: Pick<FeatureTogglesService, 'isEnabled'>;
};

/** The badge a child showed, waiting on the interaction for "Ini saya". */
function pendingBadgeOf(interaction: FoundInteraction['interaction']): PendingBadge | undefined {
  const badge = (interaction.result as { badge?: PendingBadge } | undefined)?.badge;
  return badge && typeof badge.accountId === 'string' && typeof badge.badgeId === 'string'
    ? badge
    : undefined;
}

type Renderer = { render: RenderSignInPage; script: string | null };

/**
 * The visitor's language as the site has it: Indonesian unless the visitor chose English (the
 * language switch, or the page's own link, keep the choice in a cookie). The browser's
 * Accept-Language is not followed: the site's pages are Indonesian for every browser.
 */
function languageOf(request: FastifyRequest): SignInPageLanguage {
  return request.cookies[LANGUAGE_COOKIE] === 'en' ? 'en' : 'id';
}

/** Whether a GET of the interaction is a browser's navigation rather than a script's call. */
export const wantsPage = (request: FastifyRequest): boolean =>
  /\btext\/html\b/.test(request.headers.accept ?? '');

/** A DomainError as the page shows it: the message by its id, and how long to wait. */
const messageOf = (error: DomainError): PageMessage => ({
  message: error.message,
  id: error.id,
  attemptsLeft: error.attemptsLeft ?? null,
  retryAfter: error instanceof RateLimitedError ? Math.ceil(error.retryAfterSeconds) : null,
});

/** The first message of each field a schema refused, as the error handler words them. */
function fieldErrorsOf(error: z.ZodError): Record<string, PageMessage> {
  const fields: Record<string, PageMessage> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    const custom = issue.message !== '' && !/^(Invalid input|Required)/i.test(issue.message);
    fields[field] ??= {
      message: custom ? issue.message : ERROR_MESSAGES.required,
      id: 'validation_failed',
    };
  }
  return fields;
}

/** The QR code's SVG markup, out of the data URL the enrolment carries it in. */
const svgOf = (dataUrl: string): string =>
  Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64').toString('utf8');

/** What went wrong with a post: the fields the API named, or the whole step. */
function failureOf(error: DomainError): Pick<SignInPage, 'problem' | 'fieldErrors'> {
  if (error.fieldErrors.length === 0) return { problem: messageOf(error) };
  return {
    fieldErrors: Object.fromEntries(
      error.fieldErrors.map((field) => [
        field.field,
        { message: field.message, id: error.id } satisfies PageMessage,
      ]),
    ),
  };
}

/**
 * The step pages' routes (the posts) and the rendering of the step an interaction stands at
 * (the GET of `/interaction/:uid` by a browser, beside the JSON of the same address).
 */
export function signInPages(options: SignInPagesOptions) {
  const { mountPath, steps, service } = options;
  let loaded: Promise<Renderer> | undefined;

  async function load(): Promise<Renderer> {
    const module = (await import(pathToFileURL(options.rendererPath).href)) as {
      renderSignInPage?: RenderSignInPage;
    };
    if (typeof module.renderSignInPage !== 'function')
      throw new Error(`${options.rendererPath} exports no renderSignInPage`);
    const assets = await readdir(`${options.webBuildDir}/assets`).catch(() => []);
    const script = assets.find((name) => /^sign-in-enhance-[\w-]+\.js$/.test(name));
    return { render: module.renderSignInPage, script: script ? `/assets/${script}` : null };
  }

  /** The renderer, loaded once; a 503 (logged) when the web's sign-in build is missing. */
  async function renderer(): Promise<Renderer> {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      logBackgroundError('sign-in pages not loaded', error);
      throw new ServiceUnavailableError();
    });
    return loaded;
  }

  const pathsOf = (uid: string): SignInPage['paths'] => {
    const at = (path: string) => `${mountPath}${path.replace(':uid', uid)}`;
    return {
      page: at(INTERACTION_PATHS.details),
      login: at(SIGN_IN_PAGE_PATHS.login),
      newPassword: at(SIGN_IN_PAGE_PATHS.newPassword),
      totpEnrol: at(SIGN_IN_PAGE_PATHS.totpEnrol),
      totp: at(SIGN_IN_PAGE_PATHS.totp),
      consent: at(SIGN_IN_PAGE_PATHS.consent),
      badge: at(SIGN_IN_PAGE_PATHS.badge),
      badgeConfirm: at(SIGN_IN_PAGE_PATHS.badgeConfirm),
      passkey: at(INTERACTION_PATHS.passkey),
      home: options.webOrigin,
      botCheckChallenge: options.botCheckChallenge,
    };
  };

  type Step = SignInPage extends infer P
    ? P extends SignInPage
      ? Omit<P, 'language' | 'paths' | 'script'>
      : never
    : never;

  /** Sends one step's document, compressed when the browser takes it. */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    step: Step,
    status = 200,
    interaction?: FoundInteraction['interaction'],
  ) {
    const { render, script } = await renderer();
    const html = render({
      ...step,
      language: languageOf(request),
      paths: pathsOf(uid),
      script,
    } as SignInPage);
    // The step's form ends at the platform (the provider's redirect after the post): the page's
    // form policy allows that one origin, the one the provider checked against the platform.
    const target = interaction ? redirectOrigin(interaction) : null;
    let policy = reply.getHeader('content-security-policy');
    if (target && typeof policy === 'string')
      policy = policy.replace("form-action 'self'", `form-action 'self' ${target}`);
    // The badge step's QR decoder, where the browser has no barcode detector of its own, is
    // WebAssembly of our own origin: compiling it needs this, on this page only.
    if (step.step === 'badge' && typeof policy === 'string')
      policy = policy.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");
    if (policy !== undefined) reply.header('content-security-policy', policy);
    reply.status(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      reply.header('content-encoding', 'br');
      return reply.send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepted)) {
      reply.header('content-encoding', 'gzip');
      return reply.send(gzipSync(html));
    }
    return reply.send(html);
  }

  /** The page of an interaction this browser no longer has (ended, or made up). */
  const expired = (request: FastifyRequest, reply: FastifyReply, uid: string) =>
    send(request, reply, uid, { step: 'expired' }, 401);

  /** Whether the interaction's platform allows a student's badge sign-in. */
  async function badgeAllowed({ provider, interaction }: FoundInteraction): Promise<boolean> {
    const client = await provider.Client.find(clientOf(interaction));
    return client ? allowsBadgeSignIn(client as unknown as { clientId: string }) : false;
  }

  /** The step the interaction stands at, as its page (`failure` after a refused post). */
  async function stepPage(
    request: FastifyRequest,
    reply: FastifyReply,
    found: FoundInteraction,
    extra: Pick<SignInPage, 'problem' | 'fieldErrors'> & {
      status?: number;
      email?: string;
      recovery?: boolean;
    } = {},
  ) {
    const { provider, interaction } = found;
    const { status = 200, email = '', recovery = false, ...failure } = extra;
    const uid = interaction.uid;
    if (interaction.prompt.name === 'consent') {
      const clientId = clientOf(interaction);
      const client = await provider.Client.find(clientId);
      return send(
        request,
        reply,
        uid,
        {
          step: 'consent',
          platform: client?.clientName ?? clientId,
          address: redirectOrigin(interaction),
          // Offline access comes with the registration: the page names it when the platform has it.
          scopes: consentScopes(
            interaction,
            client?.grantTypeAllowed('refresh_token') ? ['offline_access'] : [],
          ),
          ...failure,
        },
        status,
        interaction,
      );
    }
    const badge = pendingBadgeOf(interaction);
    if (badge)
      return send(
        request,
        reply,
        uid,
        {
          step: 'badge-confirm',
          name: badge.name,
          schoolName: badge.schoolName,
          level: badge.level,
          moved: true,
          ...failure,
        },
        status,
        interaction,
      );
    const pending = pendingOf(interaction);
    const moved = pending !== undefined;
    if (pending?.step === 'new-password')
      return send(
        request,
        reply,
        uid,
        { step: 'new-password', moved, ...failure },
        status,
        interaction,
      );
    if (pending?.step === 'totp-enrol') {
      // A new key when the step opens; after a wrong code, the key the app already holds.
      const enrolment =
        (status !== 200 ? await service.startedTotpEnrolment(pending.accountId) : undefined) ??
        (await service.startTotpEnrolment(pending.accountId));
      const qrSvg = svgOf(enrolment.qr_code);
      return send(
        request,
        reply,
        uid,
        { step: 'totp-enrol', secret: enrolment.secret, qrSvg, moved, ...failure },
        status,
        interaction,
      );
    }
    if (pending?.step === 'totp') {
      const choices = await service.secondFactorChoices(pending.accountId);
      return send(
        request,
        reply,
        uid,
        { step: 'totp', app: choices.totp, passkey: choices.passkey, recovery, moved, ...failure },
        status,
        interaction,
      );
    }
    return send(
      request,
      reply,
      uid,
      {
        step: 'password',
        email,
        loginOn: await options.toggles.isEnabled('LOGIN'),
        botCheck: await service.botCheckNeeded(request.ip),
        badge: await badgeAllowed(found),
        ...failure,
      },
      status,
      interaction,
    );
  }

  /** A browser's GET of `/interaction/:uid`: the step it stands at. */
  async function currentStep(request: FastifyRequest, reply: FastifyReply, uid: string) {
    const language = (request.query as { lang?: unknown } | undefined)?.lang;
    if (language === 'id' || language === 'en') {
      // The page's language link, which works without script: remembered as the site does.
      reply.setCookie(LANGUAGE_COOKIE, language, {
        path: '/',
        sameSite: 'lax',
        maxAge: 365 * 24 * 60 * 60,
        secure: request.protocol === 'https',
      });
      request.cookies[LANGUAGE_COOKIE] = language;
    }
    let found: FoundInteraction;
    try {
      found = await steps.interactionOf(request, reply, uid);
    } catch {
      return expired(request, reply, uid);
    }
    const recovery = (request.query as { recovery?: unknown } | undefined)?.recovery === '1';
    return stepPage(request, reply, found, { recovery });
  }

  /** Where a post's answer leads: the next step's page, or the provider (the sign-in is done). */
  const follow = (reply: FastifyReply, uid: string, result: SignInResult) =>
    reply.redirect('redirectTo' in result ? result.redirectTo : pathsOf(uid).page, 303);

  const routes: FastifyPluginAsync = async (app) => {
    declareAccess(app, publicAccess);
    app.addHook('onRequest', noStore);
    // A plain form's body; the provider's own routes read theirs themselves.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // The interaction cookie is SameSite=Lax, so another site's post arrives without it; a
    // browser that says where a post came from is refused when it came from elsewhere too.
    app.addHook('preHandler', async (request) => {
      const site = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      const own = new Set([
        new URL(options.webOrigin).origin,
        `${request.protocol}://${request.host}`,
      ]);
      if (site === 'cross-site' || (origin !== undefined && origin !== 'null' && !own.has(origin)))
        throw new ForbiddenError();
    });

    // The web's own address of a step before the steps were the server's: a bookmark or an
    // open tab still arrives at its page.
    app.get(
      `${WEB_AUTH_PATHS.signIn}/:uid`,
      { schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { uid: string } }>, reply) => {
        const uid = InteractionParamsSchema.safeParse(request.params);
        return reply.redirect(uid.success ? pathsOf(uid.data.uid).page : options.webOrigin, 308);
      },
    );

    type Post = FastifyRequest<{ Params: { uid: string }; Body: Record<string, string> }>;

    /**
     * One step's post: the interaction of this browser, or the page that says it ended; the
     * step's own work; a refused answer shown on the step's page again with its status.
     */
    function post(
      path: string,
      handle: (request: Post, reply: FastifyReply, found: FoundInteraction) => Promise<unknown>,
      onFailure: (request: Post) => { email?: string; recovery?: boolean } = () => ({}),
    ) {
      app.post(`${mountPath}${path}`, { schema: { hide: true } }, async (request: Post, reply) => {
        const uid = InteractionParamsSchema.safeParse(request.params);
        if (!uid.success) return expired(request, reply, '');
        let found: FoundInteraction;
        try {
          found = await steps.interactionOf(request, reply, uid.data.uid);
        } catch {
          return expired(request, reply, uid.data.uid);
        }
        const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
        (request as { body: Record<string, string> }).body = body;
        try {
          return await handle(request, reply, found);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          // A step that is not this interaction's: its page shows where it stands.
          if (
            error.statusCode === 401 &&
            error.fieldErrors.length === 0 &&
            error.id === 'unauthorized'
          )
            return reply.redirect(pathsOf(uid.data.uid).page, 303);
          if (error instanceof RateLimitedError)
            reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
          // The interaction as it stands after the failure (a lock changes nothing of it).
          return stepPage(request, reply, found, {
            ...failureOf(error),
            status: error.statusCode,
            ...onFailure(request),
          });
        }
      });
    }

    /** A body the step's schema refused: its page again, each field with its message. */
    const refused = (error: z.ZodError) => {
      const fieldErrors = fieldErrorsOf(error);
      const fields = Object.keys(fieldErrors);
      throw new DomainError('VALIDATION_FAILED', 400, {
        id: 'validation_failed',
        message: ERROR_MESSAGES.dataInvalid,
        fieldErrors: fields.map((field) => ({
          field,
          message: fieldErrors[field]?.message ?? ERROR_MESSAGES.required,
        })),
      });
    };

    post(
      SIGN_IN_PAGE_PATHS.login,
      async (request, reply, found) => {
        if (found.interaction.prompt.name !== 'login' || pendingOf(found.interaction))
          return reply.redirect(pathsOf(found.interaction.uid).page, 303);
        const body = SignInBodySchema.safeParse(request.body);
        if (!body.success) return refused(body.error);
        const { accountId, step } = await service.checkPassword(
          body.data,
          request.ip,
          clientOf(found.interaction),
        );
        return follow(
          reply,
          found.interaction.uid,
          await steps.advance(request, reply, found, accountId, step),
        );
      },
      // The address stays in its field; the password never comes back.
      (request) => ({ email: String(request.body.email ?? '').slice(0, 254) }),
    );

    post(SIGN_IN_PAGE_PATHS.newPassword, async (request, reply) => {
      const uid = request.params.uid;
      const at = await steps.atStep(request, reply, uid, 'new-password');
      const body = NewPasswordBodySchema.safeParse(request.body);
      const confirmation = request.body.confirmation ?? '';
      if (!body.success) return refused(body.error);
      if (confirmation !== body.data.password)
        throw new DomainError('VALIDATION_FAILED', 400, {
          id: 'validation_failed',
          message: RESET_MESSAGES.passwordMismatch,
          fieldErrors: [{ field: 'confirmation', message: RESET_MESSAGES.passwordMismatch }],
        });
      const { step } = await service.setNewPassword(
        at.accountId,
        body.data.password,
        request.ip,
        clientOf(at.interaction),
      );
      return follow(reply, uid, await steps.advance(request, reply, at, at.accountId, step));
    });

    post(SIGN_IN_PAGE_PATHS.totpEnrol, async (request, reply) => {
      const uid = request.params.uid;
      const at = await steps.atStep(request, reply, uid, 'totp-enrol');
      const body = TotpEnrolBodySchema.safeParse({ code: request.body.code?.replace(/\s/g, '') });
      if (!body.success) return refused(body.error);
      const codes = await service.confirmTotpEnrolment(
        at.accountId,
        body.data.code,
        request.ip,
        clientOf(at.interaction),
      );
      const result = await steps.advance(
        request,
        reply,
        at,
        at.accountId,
        null,
        AUTHENTICATION_METHODS.oneTimePassword,
      );
      if (!('redirectTo' in result)) return follow(reply, uid, result);
      // Shown once, in answer to the post: a reload cannot show them again.
      return send(request, reply, uid, {
        step: 'recovery-codes',
        codes,
        continueTo: result.redirectTo,
        moved: true,
      });
    });

    post(
      SIGN_IN_PAGE_PATHS.totp,
      async (request, reply) => {
        const uid = request.params.uid;
        const at = await steps.atStep(request, reply, uid, 'totp');
        const recovery = request.body.recovery_code;
        const body = TotpBodySchema.safeParse(
          recovery === undefined
            ? { code: request.body.code?.replace(/\s/g, '') }
            : { recovery_code: recovery.replace(/\s/g, '') },
        );
        if (!body.success) return refused(body.error);
        const method = await service.verifySecondFactor(
          at.accountId,
          body.data,
          request.ip,
          clientOf(at.interaction),
        );
        return follow(
          reply,
          uid,
          await steps.advance(request, reply, at, at.accountId, null, method),
        );
      },
      (request) => ({ recovery: request.body.recovery_code !== undefined }),
    );

    /**
     * The badge step's page, or why it is not this sign-in's: a platform that does not allow it
     * (the portal's own pages never do) gets a page that says so and leads back to the password.
     */
    const badgeStep = async (
      request: FastifyRequest,
      reply: FastifyReply,
      found: FoundInteraction,
      extra: Pick<SignInPage, 'problem' | 'fieldErrors'> & { status?: number; npsn?: string } = {},
    ) => {
      const { status = 200, npsn = '', ...failure } = extra;
      const { interaction } = found;
      if (!(await badgeAllowed(found)))
        return send(
          request,
          reply,
          interaction.uid,
          { step: 'badge-refused', problem: messageOf(badgeNotAllowed()) },
          403,
          interaction,
        );
      return send(
        request,
        reply,
        interaction.uid,
        { step: 'badge', npsn, moved: status === 200, ...failure },
        status,
        interaction,
      );
    };

    /** The interaction at its password step, where a badge may take the password's place. */
    const atBadgeStep = (found: FoundInteraction) =>
      found.interaction.prompt.name === 'login' &&
      !pendingOf(found.interaction) &&
      !pendingBadgeOf(found.interaction);

    app.get(
      `${mountPath}${SIGN_IN_PAGE_PATHS.badge}`,
      { schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { uid: string } }>, reply) => {
        const uid = InteractionParamsSchema.safeParse(request.params);
        if (!uid.success) return expired(request, reply, '');
        let found: FoundInteraction;
        try {
          found = await steps.interactionOf(request, reply, uid.data.uid);
        } catch {
          return expired(request, reply, uid.data.uid);
        }
        if (!atBadgeStep(found)) return reply.redirect(pathsOf(uid.data.uid).page, 303);
        return badgeStep(request, reply, found);
      },
    );

    post(SIGN_IN_PAGE_PATHS.badge, async (request, reply, found) => {
      const { interaction } = found;
      if (!atBadgeStep(found)) return reply.redirect(pathsOf(interaction.uid).page, 303);
      const typed = request.body.qr === undefined;
      const npsn = String(request.body.npsn ?? '').slice(0, 8);
      try {
        if (!(await badgeAllowed(found))) throw badgeNotAllowed();
        const parsed = typed
          ? BadgeShortCodeBodySchema.safeParse(request.body)
          : BadgeQrBodySchema.safeParse(request.body);
        if (!parsed.success) return refused(parsed.error);
        const holder = await options.badges.check(parsed.data, request.ip, clientOf(interaction));
        interaction.result = { badge: holder };
        await interaction.persist();
        return reply.redirect(pathsOf(interaction.uid).page, 303);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error instanceof RateLimitedError)
          reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
        // A typed code that is not known is the code field's; the camera's, the whole step's.
        const failure =
          typed && error.id === 'badge_unknown'
            ? { fieldErrors: { code: messageOf(error) } }
            : failureOf(error);
        return badgeStep(request, reply, found, { ...failure, status: error.statusCode, npsn });
      }
    });

    post(SIGN_IN_PAGE_PATHS.badgeConfirm, async (request, reply, found) => {
      const { provider, interaction } = found;
      const badge = pendingBadgeOf(interaction);
      if (interaction.prompt.name !== 'login' || !badge)
        return reply.redirect(pathsOf(interaction.uid).page, 303);
      const body = BadgeConfirmBodySchema.safeParse(request.body);
      if (!body.success) return refused(body.error);
      if (body.data.decision === 'no') {
        // "Bukan saya": the badge is forgotten; the child shows another, or signs in otherwise.
        interaction.result = {};
        await interaction.persist();
        return reply.redirect(pathsOf(interaction.uid).badge, 303);
      }
      try {
        // The platform's registration may have changed since the badge was shown.
        if (!(await badgeAllowed(found))) throw badgeNotAllowed();
        await options.badges.confirm(badge, request.ip, clientOf(interaction));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        interaction.result = {};
        await interaction.persist();
        return badgeStep(request, reply, found, {
          ...failureOf(error),
          status: error.statusCode,
        });
      }
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        {
          login: {
            accountId: badge.accountId,
            amr: [AUTHENTICATION_METHODS.badge],
            acr: ASSURANCE_LEVELS.aal1,
          },
        },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    });

    post(SIGN_IN_PAGE_PATHS.consent, async (request, reply) => {
      const body = ConsentBodySchema.safeParse(request.body);
      if (!body.success) return refused(body.error);
      const answer = await steps.answerConsent(
        request,
        reply,
        request.params.uid,
        body.data.decision,
        service,
      );
      return reply.redirect(answer.redirectTo, 303);
    });
  };

  /**
   * The provider's sign-out pages (its `logoutSource` and `postLogoutSuccessSource`), rendered
   * like the steps: the same document, styles and language.
   */
  async function renderSignOut(
    step: Omit<SignOutPage, 'paths' | 'script'>,
    page: string | null,
  ): Promise<string> {
    const { render } = await renderer();
    return render({
      ...step,
      paths: { home: options.webOrigin, page },
      script: null,
    } as SignOutPage);
  }

  return { currentStep, routes, renderSignOut };
}
export type SignInPages = ReturnType<typeof signInPages>;
