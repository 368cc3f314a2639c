import { LOOKUP_BASE } from './account-lookup-paths';

/**
 * An education office's account request (SPEC §2, §3, §7): reference lists, the referral code
 * check and the official letter's upload. A module without schemas, so that a client that only
 * calls these builds none until it checks an answer.
 */
export const OFFICE_REQUEST_PATHS = {
  cities: `${LOOKUP_BASE}/dinas/city`,
  positions: `${LOOKUP_BASE}/dinas/jabatan`,
  platforms: `${LOOKUP_BASE}/dinas/platform/list`,
  referralCode: `${LOOKUP_BASE}/dinas/referral-code`,
  request: `${LOOKUP_BASE}/dinas/account`,
} as const;
/** SPEC §7: the letter goes to the product's private file upload, without credentials. */
export const PRIVATE_UPLOAD_PATH = '/file/upload/private';

/** The server's message for a file that is not a readable PDF (SPEC §5), as the web reads it. */
export const FILE_PARSE_FAILED = 'failed to parse file';
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
