import * as Dialog from '@radix-ui/react-dialog';
import { MODAL_WIDTHS } from '@portal/contracts/business-constants';
import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ModalSize = keyof typeof MODAL_WIDTHS;

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  size: ModalSize;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Extra classes for the panel, e.g. a bottom sheet placement. */
  className?: string;
  /** The step a dialog of several steps is at: on a change, focus moves to the new title. */
  step?: string;
};

/** A dialog of one of the widths of SPEC §9: focus trapped and returned, Escape closes. */
export function Modal({
  open,
  onOpenChange,
  size,
  title,
  description,
  children,
  className,
  step,
}: ModalProps) {
  const { t } = useTranslation('common');
  // Radix returns focus only to a Dialog.Trigger; our modals open from anywhere, so remember
  // whatever had focus when the modal opened and give focus back to it.
  const opener = useRef<HTMLElement | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    titleRef.current?.focus();
  }, [step]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/60" />
        <Dialog.Content
          data-modal-size={size}
          style={{ maxWidth: MODAL_WIDTHS[size] }}
          className={clsx(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none',
            className,
          )}
          onOpenAutoFocus={() => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title
              ref={titleRef}
              tabIndex={-1}
              className="text-lg font-bold leading-snug focus:outline-none"
            >
              {title}
            </Dialog.Title>
            <Dialog.Close className="btn btn-ghost -mr-2 -mt-2 min-h-11 min-w-11 shrink-0 px-2">
              <span aria-hidden="true" className="text-2xl leading-none">
                ×
              </span>
              <span className="sr-only">{t('close')}</span>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mb-4 text-muted">{description}</Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
