import { z } from 'zod';
import { ERROR_MESSAGES } from './api-error';
import { typedText } from './typed-text';
import { BADGE_SIGN_IN_MESSAGES } from './badge-sign-in-messages';
// Their own module, without schemas: a client that only shows them builds none.
export { BADGE_SIGN_IN_MESSAGES } from './badge-sign-in-messages';

/**
 * Signing in with a printed badge (a young student's card): the provider's badge step and its
 * confirmation, server-rendered pages like the other steps (decision 0286). The badge itself,
 * its secrets and its lock belong to the school admin's badge making (`badges.ts`).
 */

/** The QR code's text, as the camera read it (the page's script posts it). */
export const BadgeQrBodySchema = z.object({
  qr: typedText({ error: ERROR_MESSAGES.required })
    .trim()
    .min(1, ERROR_MESSAGES.required)
    .max(512, BADGE_SIGN_IN_MESSAGES.unknown),
});

/** The short code typed from the card, with the school's NPSN: the way without a camera. */
export const BadgeShortCodeBodySchema = z.object({
  npsn: typedText({ error: BADGE_SIGN_IN_MESSAGES.npsnFormat })
    .trim()
    .regex(/^\d{8}$/, BADGE_SIGN_IN_MESSAGES.npsnFormat),
  code: typedText({ error: BADGE_SIGN_IN_MESSAGES.shortCodeRequired })
    // Children type spaces and dashes as the card groups the code: neither is part of it.
    .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, BADGE_SIGN_IN_MESSAGES.shortCodeRequired)
        .max(32, BADGE_SIGN_IN_MESSAGES.unknown),
    ),
});

/** The confirmation's answer: "Ini saya" completes the sign-in, "Bukan saya" goes back. */
export const BadgeConfirmBodySchema = z.object({
  decision: z.enum(['yes', 'no'], { error: ERROR_MESSAGES.required }),
});
