import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { formStyles } from '~/components/form-styles';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { OFFICE_REQUEST_MESSAGES } from '@portal/contracts/office-request-messages';
import { FILE_PARSE_FAILED, MAX_UPLOAD_BYTES } from '@portal/contracts/office-request-paths';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { uploadPrivateFile } from './api/upload-private-file';

type UploadFieldProps = {
  id: string;
  label: string;
  /** The reference of the uploaded file (`upload:...`), or '' when none. */
  value: string;
  fileName: string;
  onUploaded: (reference: string, fileName: string) => void;
  onRemoved: () => void;
  error?: string | undefined;
};

/**
 * A PDF upload with its progress (SPEC §3's letter): the file goes up as soon as it is chosen,
 * and the form keeps only the reference the server answers. A file the server cannot read says
 * SPEC §5's data-error text. The native input stays the keyboard's control but is drawn as our
 * button: the browser's own "No file chosen" contradicted the uploaded file's name beside it.
 */
export function UploadField({
  id,
  label,
  value,
  fileName,
  onUploaded,
  onRemoved,
  error,
}: UploadFieldProps) {
  const { t } = useTranslation('office-request');
  const localise = useLocaliseMessage();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (file: File) => {
    setFailure(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setFailure(
        localise({ id: 'payload_too_large', message: OFFICE_REQUEST_MESSAGES.fileTooLarge }),
      );
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    try {
      const reference = await uploadPrivateFile(file, (fraction) =>
        setProgress({ name: file.name, fraction }),
      );
      onUploaded(reference, file.name);
    } catch (caught) {
      const message =
        caught instanceof ApiError && caught.message !== FILE_PARSE_FAILED
          ? localise(caught)
          : localise(ERROR_MESSAGES.dataInvalid);
      setFailure(message);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const shownError = failure ?? error;
  const describedBy = [`${id}-status`, shownError ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div data-field>
      <label id={`${id}-label`} htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept="application/pdf,.pdf"
          // Named by the field's label only; the drawn button below repeats the action.
          aria-labelledby={`${id}-label`}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          disabled={progress !== null}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <label
          htmlFor={id}
          aria-hidden="true"
          data-testid={`${id}-choose`}
          className="btn btn-secondary min-h-11 cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          {value ? t('upload.replace') : t('upload.choose')}
        </label>
        {value && !progress ? (
          <button
            type="button"
            className="btn btn-ghost min-h-11"
            onClick={() => {
              setFailure(null);
              onRemoved();
              // The button goes with the file: focus stays on the field, not on the page's start.
              input.current?.focus();
            }}
          >
            {t('upload.remove')}
            <span className="sr-only"> {label}</span>
          </button>
        ) : null}
      </div>
      <div id={`${id}-status`} aria-live="polite" className="mt-2 text-sm">
        {progress ? (
          <>
            <span>{t('upload.progress', { name: progress.name })}</span>
            <progress
              className="mt-1 block h-3 w-full"
              max={1}
              value={progress.fraction}
              aria-label={t('upload.progress', { name: progress.name })}
            />
          </>
        ) : value ? (
          <span className="font-semibold">{t('upload.done', { name: fileName || value })}</span>
        ) : null}
      </div>
      {shownError ? (
        // The upload's own failure is announced; the form's error is the summary's to announce.
        <Alert variant="field-error" id={`${id}-error`} role={failure ? 'alert' : null}>
          {shownError}
        </Alert>
      ) : null}
    </div>
  );
}
