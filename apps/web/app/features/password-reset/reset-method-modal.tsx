import { useTranslation } from 'react-i18next';
import { Modal } from '~/components/modal';

type ResetMethodModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenHelp: () => void;
};

/** Where the one-time code goes (SPEC §4); opened after a successful reset lookup. */
export function ResetMethodModal({ open, onOpenChange, onOpenHelp }: ResetMethodModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="method"
      title={t('resetMethod.title')}
      description={t('resetMethod.description')}
    >
      <button type="button" className="link min-h-11" onClick={onOpenHelp}>
        {t('helpModal.title')}
      </button>
    </Modal>
  );
}
