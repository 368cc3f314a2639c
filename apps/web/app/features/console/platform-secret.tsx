import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/alert';
import { formatWib } from './console-time';

type Copied = 'copied' | 'failed' | null;

/**
 * A platform's client secret, shown this once (after a registration or a rotation): only its
 * hash is kept, so the page forgets it when the admin says it is saved. Its heading takes focus
 * so that a screen reader starts here, at the warning.
 */
export function PlatformSecret({
  clientId,
  secret,
  previousValidUntil,
  rotated,
  onDone,
}: {
  clientId: string;
  secret: string;
  /** After a rotation: until when the old secret still works (null: it ended at once). */
  previousValidUntil: string | null;
  rotated: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('console-platforms');
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<Copied>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = () => {
    setCopied(null);
    // Without clipboard access (an old browser, a refused permission) the text stays to select.
    void (navigator.clipboard?.writeText(secret) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  };
  const hours = previousValidUntil
    ? Math.round((Date.parse(previousValidUntil) - Date.now()) / 3_600_000)
    : 0;
  return (
    <section
      aria-labelledby="platform-secret-title"
      className="mt-6 max-w-3xl rounded-md border-2 border-accent p-4"
      data-testid="platform-secret"
    >
      <h2
        id="platform-secret-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold focus:outline-none"
      >
        {t('secret.title')}
      </h2>
      <Alert variant="warning" className="mt-3">
        {t('secret.warning')}
      </Alert>
      <p className="mt-4 font-semibold">{t('secret.label', { clientId })}</p>
      <p
        className="mt-1 rounded-md border border-muted bg-surface p-3 font-mono text-lg break-all select-all"
        translate="no"
        data-testid="platform-secret-value"
      >
        {secret}
      </p>
      {rotated ? (
        <p className="mt-2">
          {previousValidUntil
            ? t('secret.overlap', {
                time: formatWib(previousValidUntil, i18n.language),
                count: hours,
              })
            : t('secret.oldEnded')}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {t('secret.copy')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('secret.done')}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-6 font-semibold">
        {copied === 'copied' ? t('secret.copied') : null}
      </p>
      {copied === 'failed' ? <Alert variant="field-error">{t('secret.copyFailed')}</Alert> : null}
    </section>
  );
}
