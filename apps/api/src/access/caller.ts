import type { StaffRole } from '@portal/contracts/staff';
import type { FastifyRequest } from 'fastify';
import type { SignInAssurance } from './step-up';

/** Who acts for a school: the admin's learning account, the person behind it, the school. */
export type SchoolAdmin = { accountId: number; personId: number; npsn: string };

/**
 * Who is calling, as the route scope's access hook found it: set before the body is read, so a
 * handler only ever meets a caller its scope lets in.
 */
export type Caller =
  | {
      kind: 'account';
      accountId: number;
      /** The sign-in provider's session the token was issued in, live when the call began. */
      sessionUid: string;
      /** How that session signed in: what a change of the person's factors asks of it. */
      assurance: SignInAssurance;
    }
  | { kind: 'staff'; staffId: number; roles: readonly StaffRole[] }
  | {
      kind: 'school-admin';
      accountId: number;
      personId: number;
      /** The schools the person runs today; the request's school must be one of them. */
      schools: readonly string[];
      /** The request's school, once its body is parsed (preHandler). */
      npsn: string | null;
    };

declare module 'fastify' {
  interface FastifyRequest {
    /** Null until the scope's access hook ran, and on public routes. */
    caller: Caller | null;
  }
}

/** A handler asked for a caller its route scope does not declare: a bug, not the client's. */
function undeclared(request: FastifyRequest, kind: Caller['kind']): Error {
  return new Error(
    `${request.method} ${request.routeOptions.url ?? ''} reads a ${kind} caller, but its route scope does not declare that access`,
  );
}

/** The learning account calling a route whose scope requires an account. */
export function callingAccount(request: FastifyRequest): {
  accountId: number;
  sessionUid: string;
  assurance: SignInAssurance;
} {
  const caller = request.caller;
  if (caller?.kind !== 'account') throw undeclared(request, 'account');
  return {
    accountId: caller.accountId,
    sessionUid: caller.sessionUid,
    assurance: caller.assurance,
  };
}

/** The staff member (signed in with their second factor) calling a staff route. */
export function callingStaff(request: FastifyRequest): {
  staffId: number;
  roles: readonly StaffRole[];
} {
  const caller = request.caller;
  if (caller?.kind !== 'staff') throw undeclared(request, 'staff');
  return { staffId: caller.staffId, roles: caller.roles };
}

/** The admin of the request's school calling a school-admin route. */
export function callingSchoolAdmin(request: FastifyRequest): SchoolAdmin {
  const caller = request.caller;
  if (caller?.kind !== 'school-admin' || caller.npsn === null) {
    throw undeclared(request, 'school-admin');
  }
  return { accountId: caller.accountId, personId: caller.personId, npsn: caller.npsn };
}
