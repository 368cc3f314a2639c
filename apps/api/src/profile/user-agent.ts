import Bowser from 'bowser';

/** What a person recognises a place they signed in from by: browser, system, kind of device. */
export type DeviceDescription = {
  browser: string | null;
  system: string | null;
  device: 'mobile' | 'tablet' | 'desktop' | null;
};

const major = (version: string | undefined) => version?.split('.')[0];
const named = (name: string | undefined, version: string | undefined) =>
  name ? [name, version].filter(Boolean).join(' ') : null;

/**
 * A user agent told in words (decision 0267: bowser): "Chrome 131", "Android 14", mobile. The
 * string is what the browser said at sign-in; nothing is looked up from an address.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, system: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  return {
    browser: named(parsed.browser.name, major(parsed.browser.version)),
    system: named(parsed.os.name, parsed.os.versionName ?? major(parsed.os.version)),
    device: type === 'mobile' || type === 'tablet' || type === 'desktop' ? type : null,
  };
}
