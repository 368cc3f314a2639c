import { PLATFORM_LIMITS, SCOPE_CLAIMS } from '@portal/contracts/platforms';

/**
 * What a platform receives by scope, for the OpenAPI document's description at
 * /docs; the provider's discovery names the same scopes and claims.
 */
export function platformScopesDescription(issuer: string): string {
  const rows = Object.entries(SCOPE_CLAIMS).map(
    ([scope, claims]) =>
      `| \`${scope}\` | ${claims.length > 0 ? claims.map((claim) => `\`${claim}\``).join(', ') : 'a refresh token, when the platform is registered for it'} |`,
  );
  return [
    '## Signing people in to a platform (OpenID Connect)',
    '',
    `Discovery: \`${issuer}/.well-known/openid-configuration\`. Authorization code with PKCE (S256) only;`,
    'platforms authenticate with `client_secret_basic`, `private_key_jwt` or, as public clients, not at all.',
    `A \`private_key_jwt\` assertion expires within ${PLATFORM_LIMITS.assertionMaxMinutes} minutes of its \`iat\` (of its use, without one).`,
    'A platform receives a scope only when it is registered for it AND the person agreed to it',
    '(first-party platforms of the ministry skip the consent page). Unknown scopes are ignored.',
    '',
    '| Scope | Claims |',
    '| --- | --- |',
    ...rows,
    '',
    '`schools`: the schools the person belongs to today, each `{ npsn, name, level, role }` with',
    '`role` one of `principal`, `operator`, `teacher`, `student`. `user_type`: `ptk` (educators),',
    '`pd` (students) or `dinas` (education offices); absent for ministry staff.',
    '',
    'Logout: RP-initiated logout to a registered `post_logout_redirect_uri`; OpenID Back-Channel',
    'Logout tokens (with `sid`) to the registered `backchannel_logout_uri`, retried until accepted.',
  ].join('\n');
}
