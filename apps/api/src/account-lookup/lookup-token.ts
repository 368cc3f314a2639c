import { SignJWT, jwtVerify } from 'jose';
import type { UserType } from '@portal/contracts/user-types';
import { UnauthorizedError } from '../http/domain-errors';
import { LOOKUP_MESSAGES } from '@portal/contracts/account-lookup';

export const LOOKUP_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'akun-portal';
const AUDIENCE = 'account-lookup';

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
  return {
    async issue({ personId, userType }: LookupTokenClaims): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ ut: userType })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(personId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + LOOKUP_TOKEN_SECONDS)
        .sign(await key);
    },
    /** The claims of a valid token; an UnauthorizedError for anything else. */
    async verify(token: string | undefined): Promise<LookupTokenClaims> {
      if (!token) throw new UnauthorizedError(LOOKUP_MESSAGES.tokenInvalid);
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const personId = Number(payload.sub);
        const userType = payload['ut'];
        if (
          !Number.isSafeInteger(personId) ||
          (userType !== 'ptk' && userType !== 'pd' && userType !== 'dinas')
        ) {
          throw new Error('malformed claims');
        }
        return { personId, userType };
      } catch {
        throw new UnauthorizedError(LOOKUP_MESSAGES.tokenInvalid);
      }
    },
  };
}
export type LookupTokens = ReturnType<typeof createLookupTokens>;
