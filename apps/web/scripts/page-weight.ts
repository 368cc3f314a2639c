/**
 * The JavaScript a page loads before it is interactive: the scripts and module preloads of its
 * HTML (a prerendered page's own, or the app shell for the others) and, for a route the shell
 * loads on start, that route's modules with their static imports from the router's manifest;
 * gzip-compressed. The budgets (DESIGN.md's for the home page, one of its own for every other
 * route) are held by a test in the browser suite and printed by `npm run bench:web`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_ROUTES } from '@portal/contracts/web-routes';

export const HOME_JS_BUDGET_KB = 150;

/**
 * A kB is 1,000 bytes, as DESIGN.md's budget and Lighthouse count it; each ceiling is the
 * measured bytes in kB, rounded up, with the room said below.
 */
export const BYTES_PER_KB = 1000;

/** Bytes as kB (1,000 bytes). */
export const toKb = (bytes: number): number => bytes / BYTES_PER_KB;

/**
 * Each route's ceiling in kB gzip: what the route loads, with a few kB of room, so that a
 * change which adds to a page's first JavaScript is seen and decided on in review, not found
 * later in a Lighthouse figure. The home page keeps DESIGN.md's 150 kB. The public pages load
 * their forms after the first script (load-part.ts) and the content pages their English only
 * when read in English; the sign-in page and the signed-in pages hold what they load
 * (bench/README.md, docs/decisions/0279). Raising one is a decision: say why in the commit.
 */
// The signed-in routes' ceilings are their weights measured on the merged build. They carry
// the sign-in contracts' consent and assurance levels; the platforms', second factor's and
// refusal messages in the shared server catalogue; the profile's sections in the routes table;
// the audit trail's and the data page's labels; and the blank layout's link home. The public
// pages carry none of these.
export const ROUTE_JS_BUDGETS_KB: Record<string, number> = {
  '/': HOME_JS_BUDGET_KB,
  '/home': 154,
  '/account/lookup/v2': 159,
  '/account/dinas': 159,
  '/account/deletion-report': 154,
  '/auth/logout/callback': 154,
  '/webinar': 159,
  '/resources': 159,
  '/faq': 164,
  '/oldhomepage': 159,
  '/reset-password/otp': 159,
  '/reset-password/new-password': 159,
  // The account holder's home and its sections, in the portal's layout. The lookup contract's
  // messages and paths are modules of their own (the lookup page builds no schema with its
  // form): the profile, which takes that contract, loads them as two more chunks.
  '/profile': 206,
  // Its two forms are react-hook-form's over the contract's schemas (one way to write a form).
  '/profile/email-pribadi': 222,
  // The page takes the new-password fields the reset and the invitation use, and with them
  // react-hook-form (13 kB), the form library of every other form: one way to write a form.
  '/profile/kata-sandi': 231,
  // The profile's sign-in methods: the passkey contracts, the QR enrolment, and the passkey and
  // recovery-code lists, components shared with the console (their own chunks); its code and
  // confirmation forms are react-hook-form's over the contract's schemas (one way to write a form).
  '/profile/metode-masuk': 227,
  '/profile/perangkat': 217,
  // The dialog of a withdrawal and the API's messages come with the page.
  '/profile/platform-terhubung': 231,
  '/profile/data-saya': 212,
  '/eligible/peserta-didik': 220,
  '/admin': 234,
  // The school admin's badges page: the admin portal's gate and layout, its own list and form.
  '/admin/kartu-masuk': 234,
  // The console's start page, measured with the portal's session kept on the server.
  '/konsol': 226,
  // The console's section pages: staff only, on office networks; what they load.
  // The rejection reason's form, and the staff invitation's below, are react-hook-form's over
  // the contract's schemas (one way to write a form): the library comes with the page.
  '/konsol/pengajuan-dinas': 254,
  '/konsol/pengajuan-dinas/:id': 254,
  // The new code's and the announcement's forms check with the contract's schemas in
  // react-hook-form before sending: the library comes with each page.
  '/konsol/kode-referral': 247,
  '/konsol/pengumuman': 274,
  '/konsol/fitur': 239,
  '/konsol/statistik': 225,
  '/konsol/penghapusan': 239,
  '/konsol/staf': 234,
  // With the platforms' messages in the shared server catalogue (as above).
  '/konsol/staf/:id': 251,
  '/konsol/audit': 226,
  '/konsol/akun': 225,
  // The platform form, and the detail page's rotation overlap, check with the contract's schemas
  // in react-hook-form before sending (one way to write a form): the library comes with each page.
  // The pending button every form shares is a chunk of its own (measured 240.1 kB).
  '/konsol/platform': 241,
  '/konsol/platform/:clientId': 258,
  '/konsol/undangan': 234,
  '/privacy-policy': 159,
  '/statistik': 154,
};

export type PageWeight = {
  files: { url: string; raw: number; gzip: number }[];
  /** Total gzip bytes. */
  gzip: number;
};

/** The scripts and module preloads an HTML file names. */
function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g))
    urls.add(match[1] ?? '');
  return [...urls];
}

function weigh(clientDir: string, urls: Iterable<string>): PageWeight {
  const files = [...new Set(urls)].map((url) => {
    const content = readFileSync(path.join(clientDir, url));
    return { url, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

/** Sums the page's first-load JavaScript from its HTML in the built `clientDir`. */
export function measureInitialJs(clientDir: string, htmlFile: string): PageWeight {
  return weigh(clientDir, scriptsOf(readFileSync(htmlFile, 'utf8')));
}

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};

function readManifest(clientDir: string): Record<string, ManifestRoute> {
  const assets = path.join(clientDir, 'assets');
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no router manifest in ${assets}`);
  const source = readFileSync(path.join(assets, file), 'utf8');
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
  return (JSON.parse(json) as { routes: Record<string, ManifestRoute> }).routes;
}

/** The manifest's routes from the root down to the one whose full path is `routePath`. */
function routeChain(routes: Record<string, ManifestRoute>, routePath: string): ManifestRoute[] {
  const chainOf = (route: ManifestRoute): ManifestRoute[] => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    return parent ? [...chainOf(parent), route] : [route];
  };
  const fullPath = (chain: ManifestRoute[]) =>
    `/${chain
      .map((route) => route.path ?? '')
      .filter(Boolean)
      .join('/')}`;
  const leaf = Object.values(routes).find((route) => {
    if (Object.values(routes).some((other) => other.parentId === route.id)) return false;
    return fullPath(chainOf(route)) === routePath;
  });
  if (!leaf) throw new Error(`no route ${routePath} in the router's manifest`);
  return chainOf(leaf);
}

/**
 * The first-load JavaScript of a route of WEB_ROUTES: a prerendered route's HTML names it all;
 * any other starts from the app shell, which then loads the route's modules and their imports.
 */
export function measureRouteJs(clientDir: string, routePath: string): PageWeight {
  const route = WEB_ROUTES.find((candidate) => candidate.path === routePath);
  if (!route) throw new Error(`${routePath} is not a route of WEB_ROUTES`);
  const prerendered = path.join(clientDir, routePath.slice(1), 'index.html');
  if (route.prerender && existsSync(prerendered)) return measureInitialJs(clientDir, prerendered);
  const shell = path.join(clientDir, '__spa-fallback.html');
  const urls = scriptsOf(readFileSync(shell, 'utf8'));
  for (const entry of routeChain(readManifest(clientDir), routePath)) {
    urls.push(entry.module, ...(entry.imports ?? []));
  }
  return weigh(clientDir, urls);
}

/**
 * The provider's sign-in steps are server-rendered documents that need no script (decision
 * 0286); the one they load only enhances them (focus, the bot check, the passkey), within this.
 */
export const SIGN_IN_SCRIPT_BUDGET_KB = 30;

/** The sign-in steps' enhancement script with the modules it imports at once (gzip). */
export function measureSignInScript(clientDir: string): PageWeight {
  const assets = path.join(clientDir, 'assets');
  const entry = readdirSync(assets).find((name) => /^sign-in-enhance-[\w-]+\.js$/.test(name));
  if (!entry) throw new Error(`no sign-in enhancement script in ${assets}: build the web first`);
  const urls = new Set<string>();
  const visit = (name: string) => {
    const url = `/assets/${name}`;
    if (urls.has(url)) return;
    urls.add(url);
    const code = readFileSync(path.join(assets, name), 'utf8');
    // Static imports only: `import("./x.js")` loads when the person uses a passkey.
    for (const match of code.matchAll(/\bimport\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+)["']/g))
      visit(match[1] ?? '');
  };
  visit(entry);
  return weigh(clientDir, urls);
}
