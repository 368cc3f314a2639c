import { Modal } from '~/components/modal';
import { useDialogs } from '~/components/dialog-store';
import type { DialogRequest } from '~/components/dialog-store';
import { HelpModal } from '~/features/password-reset/help-modal';
import { ResetLookupModal } from '~/features/password-reset/reset-lookup-modal';
import { ResetMethodModal } from '~/features/password-reset/reset-method-modal';
import { AuthModal } from '~/features/sign-in/auth-modal';

/** Renders the app-wide modals opened through the dialog store, in stacking order. */
export function GlobalDialogs() {
  const { stack, open, close } = useDialogs();
  return (
    <>
      {stack.map((request) => (
        <GlobalDialog
          key={request.kind}
          request={request}
          onClose={() => close(request.kind)}
          onOpenHelp={() => {
            // SPEC §4: the help modal replaces the method modal.
            close('resetMethod');
            open({ kind: 'help' });
          }}
        />
      ))}
    </>
  );
}

function GlobalDialog({
  request,
  onClose,
  onOpenHelp,
}: {
  request: DialogRequest;
  onClose: () => void;
  onOpenHelp: () => void;
}) {
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  switch (request.kind) {
    case 'auth':
      return <AuthModal open onOpenChange={onOpenChange} mode={request.mode} />;
    case 'resetLookup':
      return <ResetLookupModal open onOpenChange={onOpenChange} onOpenHelp={onOpenHelp} />;
    case 'resetMethod':
      return <ResetMethodModal open onOpenChange={onOpenChange} onOpenHelp={onOpenHelp} />;
    case 'help':
      return <HelpModal open onOpenChange={onOpenChange} />;
    case 'iframe':
      return (
        <Modal open onOpenChange={onOpenChange} size="iframe" title={request.title}>
          <iframe
            src={request.src}
            title={request.title}
            className="h-[70dvh] w-full rounded-md border border-line"
            loading="lazy"
          />
        </Modal>
      );
  }
}
