import { useState } from 'react';
import { Alert } from './alert';
import { saveFile } from './save-file';

/** The words of the list, in the namespace of the page that shows it. */
export type RecoveryCodeTexts = {
  copy: string;
  download: string;
  copied: string;
  copyFailed: string;
  downloaded: string;
  /** The first line of the downloaded file. */
  fileHeading: string;
  fileName: string;
};

type Kept = 'copied' | 'copyFailed' | 'downloaded' | null;

/**
 * Recovery codes, shown once (the profile's second factor, a staff member's first sign-in):
 * copied, or saved as a text file made in the browser, so the codes never travel again.
 */
export function RecoveryCodeList({ codes, texts }: { codes: string[]; texts: RecoveryCodeTexts }) {
  const [kept, setKept] = useState<Kept>(null);

  const copy = () => {
    setKept(null);
    // Without clipboard access (an old browser, a refused permission) the codes stay to download.
    void (navigator.clipboard?.writeText(codes.join('\n')) ?? Promise.reject()).then(
      () => setKept('copied'),
      () => setKept('copyFailed'),
    );
  };
  const download = () => {
    // CRLF: Notepad on older Windows shows LF-only text on one line.
    const text = [texts.fileHeading, '', ...codes, ''].join('\r\n');
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), texts.fileName);
    setKept('downloaded');
  };

  return (
    <>
      <RecoveryCodes codes={codes} />
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {texts.copy}
        </button>
        <button type="button" className="btn btn-secondary" onClick={download}>
          {texts.download}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-6 font-semibold">
        {kept === 'copied' ? texts.copied : kept === 'downloaded' ? texts.downloaded : null}
      </p>
      {kept === 'copyFailed' ? <Alert variant="field-error">{texts.copyFailed}</Alert> : null}
    </>
  );
}

/** The codes themselves, as every page that shows them lists them. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <ol
      className="mt-4 grid grid-cols-2 gap-2 rounded-md bg-surface p-4 font-mono text-lg"
      translate="no"
      data-testid="recovery-codes"
    >
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ol>
  );
}
