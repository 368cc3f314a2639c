import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

/**
 * The key of an authenticator app being enrolled (the account holder's profile, a staff
 * member's first sign-in): its QR code, and the same key to type by hand, in groups of four.
 */
export function AuthenticatorKey({
  qrCode,
  secret,
  qrAlt,
  manual,
  className,
}: {
  /**
   * The QR code: a data URL for an image, or the SVG markup itself (the server-rendered
   * sign-in pages put it in the document, so it needs no second request).
   */
  qrCode: string | { svg: string };
  secret: string;
  qrAlt: string;
  /** The line over the key, telling to type it when the QR code cannot be scanned. */
  manual: string;
  className?: string;
}) {
  return (
    <div className={className}>
      {typeof qrCode === 'string' ? (
        <img
          src={qrCode}
          alt={qrAlt}
          width={200}
          height={200}
          className="mx-auto block size-[200px] bg-white"
        />
      ) : (
        <div
          role="img"
          aria-label={qrAlt}
          className="mx-auto block size-[200px] bg-white [&>svg]:size-full"
          // The SVG is the API's own, made by the QR library from the enrolment's URI.
          dangerouslySetInnerHTML={{ __html: qrCode.svg }}
        />
      )}
      <p className="mt-4 text-sm">{manual}</p>
      <p
        className="mt-1 break-all rounded-md bg-surface p-3 font-mono text-lg"
        translate="no"
        data-testid="totp-secret"
      >
        {secret.match(/.{1,4}/g)?.join(' ')}
      </p>
    </div>
  );
}

/** The 6 digits of an authenticator app; the phone offers them from its one-time codes. */
export function AppCodeField({
  id,
  label,
  hint,
  error,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  /** The field's part in a react-hook-form form; a plain HTML form (the sign-in steps) has none. */
  registration?: UseFormRegisterReturn<'code'>;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} announceError>
      {(control) => (
        <input
          {...control}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          spellCheck={false}
          className={`${control.className} max-w-48 text-xl tracking-[0.3em]`}
          {...registration}
        />
      )}
    </FormField>
  );
}
