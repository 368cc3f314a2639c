import { ApiError } from '~/api/api-client';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { Alert } from './alert';

/**
 * What a list says above its rows: the server's refusal, then a live line with how many there
 * are (or that there are none), present before the rows arrive so screen readers hear the
 * count when it lands, then the loading status while they are fetched.
 */
export function ListStatus({
  error,
  count,
  pending,
  texts,
}: {
  error: unknown;
  /** How many the list holds; undefined until it is known. */
  count: number | undefined;
  pending: boolean;
  /** `total` says how many there are; a list that shows no count leaves it out. */
  texts: { none: string; total?: (count: number) => string; loading: string };
}) {
  const localise = useLocaliseMessage();
  return (
    <>
      {error instanceof ApiError ? (
        <Alert variant="error" className="mt-3">
          {localise(error)}
        </Alert>
      ) : null}
      <p className="mt-4" aria-live="polite">
        {count === undefined ? null : count === 0 ? texts.none : (texts.total?.(count) ?? null)}
      </p>
      {pending ? (
        <p role="status" className="mt-2 text-muted">
          {texts.loading}
        </p>
      ) : null}
    </>
  );
}
