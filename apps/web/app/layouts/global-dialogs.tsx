import { Modal } from '~/components/modal';
import { useDialogs } from '~/components/dialog-store';
import type { DialogRequest } from '~/components/dialog-store';
import { HelpModal } from '~/features/password-reset/help-modal';
import { ResetModal } from '~/features/password-reset/reset-modal';
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
          onOpenHelp={(replace) => {
            // SPEC §4: the help modal replaces the method choice; over the lookup it stacks.
            if (replace) close(request.kind);
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
  onOpenHelp: (replace: boolean) => void;
}) {
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  switch (request.kind) {
    case 'auth':
      return <AuthModal open onOpenChange={onOpenChange} mode={request.mode} />;
    case 'reset':
      return <ResetModal open onOpenChange={onOpenChange} onOpenHelp={onOpenHelp} />;
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
