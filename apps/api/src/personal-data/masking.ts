// A fixed number of stars whatever the length: the mask tells nothing of the address's size.
const STARS = '*****';
const PHONE_STARS = '********';

/** `s*****@gmail.com`: one leading character, fixed stars, the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return STARS;
  return `${email.slice(0, 1)}${STARS}${email.slice(at)}`;
}

/** `********789`: the last three digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${PHONE_STARS}${digits.slice(-3)}`;
}
