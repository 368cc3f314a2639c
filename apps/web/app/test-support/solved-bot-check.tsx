import { useEffect, useImperativeHandle, type Ref } from 'react';
import type { BotCheckHandle } from '~/bot-check/bot-check';

/**
 * Stands in for `~/bot-check/bot-check` in unit tests (`vi.mock(...)`): the real widget solves
 * a proof of work in a Web Worker, which jsdom has not; this one is solved at once.
 */
export function BotCheck({
  onVerified,
  ref,
}: {
  onVerified: (payload: string | null) => void;
  ref?: Ref<BotCheckHandle>;
}) {
  useImperativeHandle(ref, () => ({ reset: () => onVerified('solved') }), [onVerified]);
  useEffect(() => onVerified('solved'), [onVerified]);
  return null;
}
