import { BlockList, isIPv4 } from 'node:net';
import { domainToUnicode } from 'node:url';
import { PLATFORM_MESSAGES } from '@portal/contracts/platforms';

/**
 * Addresses that are not the public Internet: this machine, private and shared networks, link-
 * local (cloud metadata among them), multicast, documentation and other ranges IANA keeps for
 * special use, and the IPv6 forms that carry an IPv4 address inside (mapped, NAT64, 6to4).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * Top-level names that never reach the public Internet: RFC 6761 and 6762's special-use names,
 * RFC 9476's `alt`, ICANN's `internal`, and names networks use inside their own walls.
 */
const PRIVATE_TOP_LEVEL = new Set([
  'localhost',
  'local',
  'internal',
  'test',
  'example',
  'invalid',
  'onion',
  'alt',
  'arpa',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
  'localdomain',
]);

/** A label of letters, digits and inner hyphens: what DNS names on the Internet are made of. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Scripts a label's letters are told apart by; those not named count as "other". */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
].map((name) => ({ name, test: new RegExp(`\\p{Script=${name}}`, 'u') }));

/** Mixes written together in one language (Japanese, Korean, Chinese with Latin), allowed. */
const ALLOWED_MIXES = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Hangul'],
  ['Latin', 'Han', 'Bopomofo'],
];

/** Cyrillic and Greek small letters drawn like Latin ones (`а` for `a`, `ο` for `o`). */
const LATIN_LOOK_ALIKES = new Set([...'асԁеһіјӏорԛѕԝхуүѵьɡοαινκρτυχ']);

/** Whether a label's letters would pass for another name: scripts mixed, or all look-alikes. */
function looksLikeAnother(label: string): boolean {
  const scripts = new Set<string>();
  const letters = [...label].filter((char) => /\p{L}/u.test(char));
  for (const char of letters) {
    scripts.add(SCRIPTS.find((script) => script.test.test(char))?.name ?? 'other');
  }
  if (scripts.size > 1 && !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.includes(s))))
    return true;
  const onlyScript = [...scripts][0];
  return (
    scripts.size === 1 &&
    (onlyScript === 'Cyrillic' || onlyScript === 'Greek') &&
    letters.every((char) => LATIN_LOOK_ALIKES.has(char))
  );
}

/** Why a host (as WHATWG's URL parser gives it) is no public host name; undefined when it is. */
function hostRefusal(hostname: string): string | undefined {
  if (hostname.startsWith('[')) {
    return NOT_PUBLIC.check(hostname.slice(1, -1), 'ipv6')
      ? PLATFORM_MESSAGES.hostNotPublic
      : undefined;
  }
  if (isIPv4(hostname)) {
    return NOT_PUBLIC.check(hostname, 'ipv4') ? PLATFORM_MESSAGES.hostNotPublic : undefined;
  }
  const labels = hostname.split('.');
  const topLevel = labels.at(-1) ?? '';
  if (labels.length < 2 || !TOP_LEVEL.test(topLevel) || PRIVATE_TOP_LEVEL.has(topLevel))
    return PLATFORM_MESSAGES.hostNotPublic;
  if (!labels.every((label) => LABEL.test(label))) return PLATFORM_MESSAGES.hostLookAlike;
  if (domainToUnicode(hostname).split('.').some(looksLikeAnother))
    return PLATFORM_MESSAGES.hostLookAlike;
  return undefined;
}

/**
 * A platform's address as production takes it (DESIGN.md: `https` on public host names): the
 * address with its host in punycode (IDN normalised, the rest as written, since the provider
 * compares redirect addresses exactly), or why it is refused.
 */
export function publicAddress(raw: string): { address: string } | { refusal: string } {
  if (raw.includes('\\')) return { refusal: PLATFORM_MESSAGES.backslashNotAllowed };
  if (raw.includes('*')) return { refusal: PLATFORM_MESSAGES.wildcardNotAllowed };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refusal: PLATFORM_MESSAGES.uriInvalid };
  }
  if (url.protocol !== 'https:') return { refusal: PLATFORM_MESSAGES.httpsRequired };
  if (url.hash !== '' || raw.includes('#')) return { refusal: PLATFORM_MESSAGES.uriInvalid };
  // The authority as written: `https://` then up to the path, query or end.
  const authority = /^https:\/\/([^/?#]*)/i.exec(raw)?.[1] ?? '';
  if (url.username !== '' || url.password !== '' || authority.includes('@'))
    return { refusal: PLATFORM_MESSAGES.userInfoNotAllowed };
  if (authority.includes('%')) return { refusal: PLATFORM_MESSAGES.hostLookAlike };
  const refusal = hostRefusal(url.hostname);
  if (refusal) return { refusal };
  // Only a host written in other than ASCII is rewritten (to its punycode, with the port).
  return {
    address: /^[\x20-\x7e]*$/.test(authority)
      ? raw
      : `${raw.slice(0, 'https://'.length)}${url.host}${raw.slice('https://'.length + authority.length)}`,
  };
}
