import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '~/api/query-provider';
import { Modal } from '~/components/modal';
import { track } from '~/tracking/tracker';
import { RESET_NS } from './password-reset-texts';
import { clearResetFlow } from './reset-flow-storage';
import { ResetLookupForm } from './reset-lookup-form';
import { ResetMethodChoice } from './reset-method-choice';

type ResetModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the help modal: in place of this one (`replace`) or above it. */
  onOpenHelp: (replace: boolean) => void;
};

type Step = 'lookup' | 'method';

/**
 * The password reset's one dialog (SPEC §2, §4, §5): the lookup, then in its place the choice of
 * where the code goes. Each opening mounts a fresh form, so a reopened lookup starts without the
 * previous values and error; closing at the method step forgets the account and any session.
 */
export function ResetModal({ open, onOpenChange, onOpenHelp }: ResetModalProps) {
  const { t } = useTranslation(RESET_NS);
  const [step, setStep] = useState<Step>('lookup');
  useEffect(() => {
    track('PASSWORD_RESET_INITIATED');
  }, []);
  const openHelp = () => {
    if (step === 'method') clearResetFlow();
    track('PASSWORD_RESET_FAQ_CLICKED', [{ key: 'from', value: step }]);
    // SPEC §4: the help modal replaces the method choice; over the lookup it stacks.
    onOpenHelp(step === 'method');
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && step === 'method') clearResetFlow();
        onOpenChange(next);
      }}
      size={step === 'lookup' ? 'resetLookup' : 'method'}
      title={t(`${step}.title`)}
      description={t(`${step}.description`)}
      step={step}
    >
      <QueryProvider>
        {step === 'lookup' ? (
          <ResetLookupForm onFound={() => setStep('method')} />
        ) : (
          <ResetMethodChoice />
        )}
      </QueryProvider>
      <button type="button" className="link mt-4 min-h-11" onClick={openHelp}>
        {t('help.link')}
      </button>
    </Modal>
  );
}
