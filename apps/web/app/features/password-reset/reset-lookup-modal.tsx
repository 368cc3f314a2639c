import { useTranslation } from 'react-i18next';
import { Modal } from '~/components/modal';

type ResetLookupModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenHelp: () => void;
};

/** First step of the password reset (SPEC §2); the lookup form arrives with the reset journey. */
export function ResetLookupModal({ open, onOpenChange, onOpenHelp }: ResetLookupModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="resetLookup"
      title={t('resetLookup.title')}
      description={t('resetLookup.description')}
    >
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>{t('resetLookup.stepLookup')}</li>
        <li>{t('resetLookup.stepCode')}</li>
        <li>{t('resetLookup.stepPassword')}</li>
      </ol>
      <button
        type="button"
        className="link mt-4 min-h-11"
        onClick={onOpenHelp}
        data-track="reset-help"
      >
        {t('helpModal.title')}
      </button>
    </Modal>
  );
}
