/** Paths of SPEC §7 under the API prefix (`/<product>-id`). */
export const LOOKUP_BASE = '/account-lookup/v1/lookup';
export const BOT_CHECK_CHALLENGE_PATH = '/bot-check/v1/challenge';

/** The confirmation of an e-mail change by its two codes (a path of ours: decision 0017). */
export const CHANGE_EMAIL_CONFIRM_PATH = `${LOOKUP_BASE}/change-email/confirm`;
