import type { JsonWebKey } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { BADGE_SIGN_IN_MESSAGES } from '@portal/contracts/badge-sign-in';
import { AUTHENTICATION_METHODS } from '@portal/contracts/sign-in';
import { SIGN_IN_METHODS_MESSAGES } from '@portal/contracts/sign-in-methods';
import { SCHOOL_ADMIN_MESSAGES } from '@portal/contracts/school-admin';
import {
  sectionsOf,
  STAFF_ROLE_MESSAGES,
  STAFF_ROLES,
  type ConsoleSection,
  type StaffRole,
} from '@portal/contracts/staff';
import type { AuditLog } from '../audit/audit-log';
import { ForbiddenError, UnauthorizedError } from '../http/domain-errors';
import type { Requirement } from './access-scope';
import type { AccessRepository } from './access-repository';
import { assuranceOf, stepUpMissing, stepUpRequired } from './step-up';
import { refuseCrossSiteChange } from './cross-site';
import { webSessionCookies, type BrowserFacts } from './web-session-cookies';

export type AccessDependencies = {
  /** The sign-in provider's current key set (sign-in/signing-keys.ts), private parts included. */
  verificationKeys: () => Promise<readonly JsonWebKey[]>;
  issuer: string;
  /** The API's audience: tokens the provider issued for anything else are refused. */
  audience: string;
  repository: AccessRepository;
  /** Refusals of a staff member outside their roles are audited. */
  audit: Pick<AuditLog, 'queue'>;
  /**
   * The portal's own session (decision 0287): a browser without a bearer token calls with its
   * session cookie, whose access token the server keeps and refreshes.
   */
  webSession: {
    webOrigin: string;
    accessToken: (cookie: string, browser: BrowserFacts) => Promise<string | undefined>;
  };
};

const isStaffRole = (role: string): role is StaffRole => role in STAFF_ROLES;

/** Removes a key's private parts: access only checks signatures. */
const publicPart = ({ kty, n, e, kid, alg, use }: JWK): JWK => ({
  kty,
  n,
  e,
  kid,
  alg,
  use,
});

const notSchoolAdmin = () =>
  new ForbiddenError({ id: 'not_school_admin', message: SCHOOL_ADMIN_MESSAGES.notSchoolAdmin });

/** The request's school: the `:npsn` param, else the query's or the parsed body's. */
function npsnOf(request: FastifyRequest): string | undefined {
  for (const source of [request.params, request.query, request.body]) {
    if (typeof source === 'object' && source !== null && 'npsn' in source) {
      const { npsn } = source;
      if (typeof npsn === 'string') return npsn;
    }
  }
  return undefined;
}

/**
 * A token of a sign-in with a recent second factor (step-up.ts), else a 403 the web acts on:
 * `second_factor_required` (enrol one, or sign in with it) or `reauthentication_required` (sign
 * in again: `max_age`), with the step-up challenge in its header.
 */
function requireRecentSecondFactor(claims: JWTPayload): void {
  const missing = stepUpMissing(assuranceOf(claims));
  if (missing === 'second-factor') {
    throw stepUpRequired('second_factor_required', SIGN_IN_METHODS_MESSAGES.secondFactorRequired);
  }
  if (missing === 'recent-sign-in') {
    throw stepUpRequired(
      'reauthentication_required',
      SIGN_IN_METHODS_MESSAGES.reauthenticationRequired,
    );
  }
}

/**
 * Who may call the API (decision 0242): the bearer token of a request, or the one the portal's
 * session keeps for its cookie (decision 0287), checked against our sign-in provider, and the requirements route scopes declare with it (access-scope.ts).
 */
export function createAccess(deps: AccessDependencies) {
  const sessionCookie = webSessionCookies(deps.webSession.webOrigin).session;

  /**
   * The request's access token: its bearer token (platforms' and scripts' calls), else the one
   * the portal's session keeps for its cookie, for a change only from the web's own origin.
   */
  async function accessTokenOf(request: FastifyRequest): Promise<string | undefined> {
    const { authorization } = request.headers;
    if (authorization !== undefined) return /^Bearer (\S+)$/.exec(authorization)?.[1];
    const cookie = request.cookies[sessionCookie];
    if (!cookie) return undefined;
    refuseCrossSiteChange(request, deps.webSession.webOrigin);
    return deps.webSession.accessToken(cookie, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
  }

  /**
   * The provider's session a token was issued in (`sid`), or a 401: the token lives only as
   * long as that session (decision 0282), and a token that names none cannot be checked.
   */
  function sessionUidOf(claims: JWTPayload): string {
    const sid = claims['sid'];
    if (typeof sid !== 'string' || sid === '') throw new UnauthorizedError();
    return sid;
  }

  /**
   * The verified claims of the request's access token, or a 401: its subject, its session
   * (`sid`, the provider's session uid) and how the person signed in (`acr`, `amr`, `auth_time`).
   */
  async function claimsOf(request: FastifyRequest): Promise<JWTPayload & { sub: string }> {
    const token = await accessTokenOf(request);
    if (!token) throw new UnauthorizedError();
    const keys = (await deps.verificationKeys()).map((key) => publicPart(key as JWK));
    let verified: JWTPayload & { sub: string };
    try {
      const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), {
        issuer: deps.issuer,
        audience: deps.audience,
        algorithms: ['RS256'],
      });
      if (!payload.sub) throw new UnauthorizedError();
      verified = { ...payload, sub: payload.sub };
    } catch {
      throw new UnauthorizedError();
    }
    // A badge sign-in is for the platforms that allow it, never the portal's API: nothing it
    // reaches may change the account's password, address or sign-in methods. The provider never
    // carries a badge's session to the portal's client; a token that says otherwise is refused.
    const amr = verified['amr'];
    if (Array.isArray(amr) && amr.includes(AUTHENTICATION_METHODS.badge))
      throw new ForbiddenError({
        id: 'badge_session_refused',
        message: BADGE_SIGN_IN_MESSAGES.sessionRefused,
      });
    return verified;
  }

  /** The learning account a token is for, with its claims; a staff token is not one (401). */
  async function accountClaimsOf(request: FastifyRequest) {
    const claims = await claimsOf(request);
    if (!/^\d{1,18}$/.test(claims.sub)) throw new UnauthorizedError();
    return { accountId: Number(claims.sub), claims, sessionUid: sessionUidOf(claims) };
  }

  return {
    /** Any signed-in learning account, in a session still live. */
    requireAccount(): Requirement {
      return {
        kind: 'account',
        async onRequest(request) {
          const { accountId, claims, sessionUid } = await accountClaimsOf(request);
          if (!(await deps.repository.sessionIsLive(String(accountId), sessionUid))) {
            throw new UnauthorizedError();
          }
          request.caller = {
            kind: 'account',
            accountId,
            sessionUid,
            assurance: assuranceOf(claims),
          };
        },
      };
    },

    /**
     * A ministry staff member (DESIGN.md: staff with a second factor): a token for a staff
     * account that is active and has its second factor enrolled (a staff sign-in only ends after
     * it). With a console section, one of the member's roles must grant it: else 403
     * `staff_role_missing`, audited. A learning account's token is refused with 403; no valid
     * token, 401. A role withdrawn, an account disabled or a session ended counts from the next
     * call.
     */
    requireStaff(section?: ConsoleSection): Requirement {
      return {
        kind: 'staff',
        ...(section ? { section } : {}),
        async onRequest(request) {
          const claims = await claimsOf(request);
          const id = /^staff:(\d{1,18})$/.exec(claims.sub)?.[1];
          if (!id) throw new ForbiddenError();
          const staffId = Number(id);
          const staff = await deps.repository.staffAccount(staffId, sessionUidOf(claims));
          if (!staff || staff.status !== 'active' || !staff.enrolled || !staff.sessionLive) {
            throw new UnauthorizedError();
          }
          const roles = staff.roles.filter(isStaffRole);
          if (section && !sectionsOf(roles).includes(section)) {
            deps.audit.queue({
              action: 'console.access',
              outcome: 'role_missing',
              actor: `staff:${staffId}`,
              ip: request.ip,
              target: section,
            });
            throw new ForbiddenError({
              id: 'staff_role_missing',
              message: STAFF_ROLE_MESSAGES.roleMissing,
            });
          }
          request.caller = { kind: 'staff', staffId, roles };
        },
      };
    },

    /**
     * The school admin of SPEC §6: a token for an active learning account whose person is the
     * principal or operator of the request's school today. Anyone else signed in (a teacher, a
     * student) gets 403 before the body is read; an admin of another school, once the body
     * names the school; no token, 401.
     */
    requireSchoolAdmin({ secondFactor = false }: { secondFactor?: boolean } = {}): Requirement {
      return {
        kind: 'school-admin',
        ...(secondFactor ? { secondFactor } : {}),
        async onRequest(request) {
          const { accountId, claims, sessionUid } = await accountClaimsOf(request);
          const account = await deps.repository.learningAccount(accountId, sessionUid);
          if (!account || account.status !== 'active' || !account.sessionLive) {
            throw new UnauthorizedError();
          }
          const schools = await deps.repository.schoolsRunBy(account.personId);
          if (schools.length === 0) throw notSchoolAdmin();
          if (secondFactor) requireRecentSecondFactor(claims);
          request.caller = {
            kind: 'school-admin',
            accountId,
            personId: account.personId,
            schools,
            npsn: null,
          };
        },
        async preHandler(request) {
          const caller = request.caller;
          if (caller?.kind !== 'school-admin') throw new UnauthorizedError();
          const npsn = npsnOf(request);
          if (npsn === undefined) {
            throw new Error(
              `${request.method} ${request.routeOptions.url ?? ''} is a school-admin route whose request names no npsn`,
            );
          }
          if (!caller.schools.includes(npsn)) throw notSchoolAdmin();
          request.caller = { ...caller, npsn };
        },
      };
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
