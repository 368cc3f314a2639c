import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '~/components/alert';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';

/**
 * A console page about one thing (a platform, a staff member): the way back to its list, then
 * the thing under its heading, or while it loads a status, or why it is not there.
 */
export function ConsoleDetail<T>({
  item,
  pending,
  problem,
  backTo,
  backLabel,
  titleOf,
  titleClassName,
  children,
}: {
  item: T | undefined;
  pending: boolean;
  /** Shown when the item is not there and no longer loading. */
  problem: ShownMessage;
  backTo: string;
  backLabel: string;
  titleOf: (item: T) => string;
  /** How a long title breaks: a name between words, an address anywhere. */
  titleClassName: 'break-words' | 'break-all';
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('console');
  const localise = useLocaliseMessage();
  const heading = useRef<HTMLHeadingElement>(null);
  const found = item !== undefined;
  // The page's heading takes focus once it is there, as a new page's would.
  useEffect(() => {
    if (found) heading.current?.focus();
  }, [found]);

  const back = (
    <Link to={backTo} className="btn btn-secondary">
      {backLabel}
    </Link>
  );
  if (item === undefined) {
    return (
      <>
        {back}
        {pending ? (
          <p role="status" className="mt-4">
            {t('loading')}
          </p>
        ) : (
          <Alert variant="error-box" className="mt-4">
            {localise(problem)}
          </Alert>
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <h1
        ref={heading}
        tabIndex={-1}
        className={`mt-4 text-3xl font-bold ${titleClassName} focus:outline-none`}
      >
        {titleOf(item)}
      </h1>
      {children(item)}
    </>
  );
}
