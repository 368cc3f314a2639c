import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { formStyles } from '~/components/form-styles';
import { useLocaliseMessage } from '~/i18n/server-messages';
import {
  DINAS_MESSAGES,
  FILE_PARSE_FAILED,
  MAX_UPLOAD_BYTES,
} from '@portal/contracts/dinas-request';
import { ERROR_MESSAGES } from '@portal/contracts/api-error';
import { uploadPrivateFile } from './dinas-api';

type UploadFieldProps = {
  id: string;
  label: string;
  /** The reference of the uploaded file (`upload:...`), or '' when none. */
  value: string;
  fileName: string;
  onUploaded: (reference: string, fileName: string) => void;
  error?: string | undefined;
};

/**
 * A PDF upload with its progress (SPEC §3's letter): the file goes up as soon as it is chosen,
 * and the form keeps only the reference the server answers. A file the server cannot read says
 * SPEC §5's data-error text.
 */
export function UploadField({ id, label, value, fileName, onUploaded, error }: UploadFieldProps) {
  const { t } = useTranslation('dinas-request');
  const localise = useLocaliseMessage();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (file: File) => {
    setFailure(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setFailure(localise({ id: 'payload_too_large', message: DINAS_MESSAGES.fileTooLarge }));
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
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block min-h-11 w-full text-base file:mr-3 file:min-h-11 file:rounded-md file:border file:border-muted file:bg-white file:px-3"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
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
        <p id={`${id}-error`} className={formStyles.error} role={failure ? 'alert' : undefined}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
