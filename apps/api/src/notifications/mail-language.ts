import { mailLanguage } from '../db/schema';

/** The languages a message goes out in, as stored: `mail_language` (decision 0252). */
export const MAIL_LANGUAGES = mailLanguage.enumValues;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export const isMailLanguage = (value: unknown): value is MailLanguage =>
  MAIL_LANGUAGES.some((language) => language === value);

/**
 * The language of the messages a call causes, from its `Accept-Language` header: the web sends
 * the language the visitor reads the site in. The most preferred tag decides; anything but
 * English (no header, another language, a malformed one) is Indonesian.
 */
export function mailLanguageOf(header: string | string[] | undefined): MailLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { tag: string; quality: number } | null = null;
  for (const part of value.split(',').slice(0, 20)) {
    const [tag = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (tag === '') continue;
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const quality = q === undefined ? 1 : Number(q);
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { tag, quality };
  }
  return best?.tag.split('-')[0] === 'en' ? 'en' : 'id';
}
