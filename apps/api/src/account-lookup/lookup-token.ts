import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createHmac, createSecretKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { UserType } from '@portal/contracts/user-types';
import { UnauthorizedError } from '../http/domain-errors';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';

export const LOOKUP_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'akun-portal';
const AUDIENCE = 'account-lookup';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

export type LookupTokenClaims = { personId: number; userType: UserType };

/**
 * The lookup token: an HS256 JWT naming the person found (by internal id, no personal data),
 * valid for 15 minutes, accepted only by that person's own follow-up calls.
 */
export function createLookupTokens(secret: string, now: () => number = Date.now) {
  // Imported once: handing jose raw bytes makes it import the key again on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Made once, like `key`: a string would be imported into a new key object on every token.
  const signingKey = createSecretKey(Buffer.from(secret));
  return {
    /**
     * Signs with node's synchronous HMAC: the same compact HS256 JWS jose would make (jose
     * verifies it), without WebCrypto's trip through the thread pool on the hottest path
     * (bench/README.md).
     */
    issue({ personId, userType }: LookupTokenClaims): string {
      const issuedAt = Math.floor(now() / 1000);
      const claims = {
        ut: userType,
        sub: String(personId),
        iss: ISSUER,
        aud: AUDIENCE,
        iat: issuedAt,
        exp: issuedAt + LOOKUP_TOKEN_SECONDS,
      };
      const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${signingInput}.${createHmac('sha256', signingKey).update(signingInput).digest('base64url')}`;
    },
    /** The claims of a valid token; an UnauthorizedError for anything else. */
    async verify(token: string | undefined): Promise<LookupTokenClaims> {
      if (!token)
        throw new UnauthorizedError({
          id: 'lookup_session_invalid',
          message: LOOKUP_MESSAGES.tokenInvalid,
        });
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
          // A token that never expires would be a lasting key to the person's data.
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        // Only the decimal id we issue: Number() would also read ' 12', '12.0' or '0xc'.
        const personId = /^[1-9][0-9]{0,15}$/.test(payload.sub ?? '') ? Number(payload.sub) : NaN;
        const userType = payload['ut'];
        if (
          !Number.isSafeInteger(personId) ||
          (userType !== 'ptk' && userType !== 'pd' && userType !== 'dinas')
        ) {
          throw new Error('malformed claims');
        }
        return { personId, userType };
      } catch {
        throw new UnauthorizedError({
          id: 'lookup_session_invalid',
          message: LOOKUP_MESSAGES.tokenInvalid,
        });
      }
    },
  };
}
export type LookupTokens = ReturnType<typeof createLookupTokens>;

/** The routes that take a lookup token accept it as a bearer token (SPEC §7). */
export const bearer = { headers: z.object({ authorization: z.string().optional() }).loose() };

/** The lookup token travels as a bearer token (SPEC §7), or in the body as the spec also allows. */
export function tokenOf(
  request: FastifyRequest,
  bodyToken: string | undefined,
): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return bodyToken;
}
