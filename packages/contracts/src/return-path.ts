import { isKnownWebPath } from './web-routes';

// The WHATWG URL both the browser and Node have; the contracts' types name no environment.
declare const URL: new (
  input: string,
  base: string,
) => { origin: string; pathname: string; search: string; hash: string };

// Where a sign-in may return to: the server's `/auth/login` keeps it through the provider, and
// the web's guard builds it; both judge it by this one rule.

/** Enough rounds for any encoding a link would carry; a value still encoded after them is refused. */
const MAX_DECODING_ROUNDS = 3;

/** The value as the browser ends up reading it, however often it was percent-encoded. */
function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < MAX_DECODING_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

// Browsers drop tabs and line breaks from a URL and read a backslash as a slash, so
// `/<TAB>/evil.example` and `/\evil.example` are `//evil.example`: another site.
const UNSAFE_CHARACTER = /\p{Cc}/u;
const UNSAFE_IN_PATH = /[\\\s]/;
const PLACEHOLDER_ORIGIN = 'https://portal.invalid';

/**
 * Only a page this app's router knows (WEB_ROUTES of the contracts) may be returned to, judged
 * after decoding: never another origin or a path the router would not serve, nor the sign-in
 * routes themselves, which would loop. Anything else falls back to the home page.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return '/';
  const decoded = fullyDecoded(value);
  if (decoded === undefined || UNSAFE_CHARACTER.test(decoded)) return '/';
  const decodedPath = decoded.split(/[?#]/, 1)[0] ?? '';
  if (!decodedPath.startsWith('/') || decodedPath.startsWith('//')) return '/';
  if (UNSAFE_IN_PATH.test(decodedPath)) return '/';
  const url = new URL(value, PLACEHOLDER_ORIGIN);
  if (url.origin !== PLACEHOLDER_ORIGIN) return '/';
  const pathname = fullyDecoded(url.pathname);
  if (!pathname || /^\/(\/|auth\/)/.test(pathname) || !isKnownWebPath(pathname)) return '/';
  return url.pathname + url.search + url.hash;
}
