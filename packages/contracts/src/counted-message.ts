/**
 * A message with a number in it, e.g. the seconds to wait. The text keeps `{{count}}` where the
 * number goes; clients read the number from the error's fields, not from the text (0218).
 */
export type CountedMessage = ((count: number) => string) & { readonly template: string };

/** A message whose `{{count}}` is filled by calling it: `RESET_MESSAGES.cooldown(42)`. */
// No side effects: a bundle that imports a contract only for its constants can drop its messages.
/* @__NO_SIDE_EFFECTS__ */
export function countedMessage(template: string): CountedMessage {
  return Object.assign((count: number) => template.replaceAll('{{count}}', String(count)), {
    template,
  });
}

export const isCountedMessage = (value: unknown): value is CountedMessage =>
  typeof value === 'function' && typeof (value as { template?: unknown }).template === 'string';
