/** The reset pages of SPEC §2 (routes.ts maps them); the e-mail link of the API targets the first. */
export const RESET_OTP_PATH = '/reset-password/otp';
export const RESET_NEW_PASSWORD_PATH = '/reset-password/new-password';
