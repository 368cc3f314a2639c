import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '~/components/save-file';
import { webConfig } from '~/config';
import { Alert } from '~/components/alert';

export type Enrolled = { codes: string[]; redirectTo: string };

type Kept = 'copied' | 'copyFailed' | 'downloaded' | null;

/**
 * The recovery codes, shown once after the authenticator is enrolled: copied or saved as a text
 * file made in the browser (the codes never travel again); the sign-in ends when the person
 * says they kept them. The page's heading is this step's own.
 */
export function RecoveryCodesStep({ enrolled }: { enrolled: Enrolled }) {
  const { t } = useTranslation('sign-in');
  const [kept, setKept] = useState<Kept>(null);
  const domain = webConfig.domain;
  // CRLF: Notepad on older Windows shows LF-only text on one line.
  const text = [t('steps.recovery.fileHeading', { domain }), '', ...enrolled.codes, ''].join(
    '\r\n',
  );

  const copy = () => {
    setKept(null);
    // Without clipboard access (an old browser, a refused permission) the codes stay to download.
    void (navigator.clipboard?.writeText(enrolled.codes.join('\n')) ?? Promise.reject()).then(
      () => setKept('copied'),
      () => setKept('copyFailed'),
    );
  };
  const download = () => {
    saveFile(
      new Blob([text], { type: 'text/plain;charset=utf-8' }),
      t('steps.recovery.fileName', { domain }),
    );
    setKept('downloaded');
  };

  return (
    <>
      <p className="mt-3">{t('steps.recovery.intro')}</p>
      <ol
        className="mt-4 grid grid-cols-2 gap-2 rounded-md bg-surface p-4 font-mono text-lg"
        translate="no"
        data-testid="recovery-codes"
      >
        {enrolled.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {t('steps.recovery.copy')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={download}>
          {t('steps.recovery.download')}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-6 font-semibold">
        {kept === 'copied'
          ? t('steps.recovery.copied')
          : kept === 'downloaded'
            ? t('steps.recovery.downloaded')
            : null}
      </p>
      {kept === 'copyFailed' ? (
        <Alert variant="field-error">{t('steps.recovery.copyFailed')}</Alert>
      ) : null}
      <button
        type="button"
        className="btn btn-primary mt-4 w-full"
        onClick={() => window.location.assign(enrolled.redirectTo)}
      >
        {t('steps.recovery.saved')}
      </button>
    </>
  );
}
