import { Alert } from './alert';
import { PendingButton } from './pending-button';

/**
 * The end of a form: its failure that is no field's own (a live region, mounted while empty so
 * a screen reader hears the message when it comes), then its submit button, named while pending.
 */
export function FormSubmit({
  error,
  pending,
  label,
  pendingLabel,
}: {
  error: string | undefined;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      <Alert variant="field-error">{error}</Alert>
      <PendingButton type="submit" className="btn btn-primary w-full sm:w-auto" pending={pending}>
        {pending ? pendingLabel : label}
      </PendingButton>
    </>
  );
}
