import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The report link's token: the deletion's id and its HMAC. Unguessable, the same in every notice
 * of one deletion, and nothing stored; the id says nothing about the person.
 */
export function deletionTokens(secret: string) {
  const mac = (id: number) =>
    createHmac('sha256', secret).update(`account-deletion:${id}`).digest('base64url');
  return {
    token: (id: number) => `${id}.${mac(id)}`,
    idOf(token: string): number | null {
      const [id, given] = token.split('.');
      if (!id || !given) return null;
      const expected = Buffer.from(mac(Number(id)));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected)
        ? Number(id)
        : null;
    },
  };
}
