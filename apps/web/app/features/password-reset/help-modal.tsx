import { useTranslation } from 'react-i18next';
import { Modal } from '~/components/modal';
import { brand } from '~/config';

/** 'Tidak ada akses ke data ini?' (SPEC §2, §8). */
export function HelpModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal open={open} onOpenChange={onOpenChange} size="help" title={t('helpModal.title')}>
      <p className="font-semibold">{t('helpModal.notRegistered')}</p>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm">
        <li>{t('helpModal.contactOperator')}</li>
        <li>{t('helpModal.updateData')}</li>
        <li>{t('helpModal.contactHelp')}</li>
      </ul>
      <a className="btn btn-primary mt-4 w-full" href={brand.helpCentreUrl} rel="noopener">
        {t('helpModal.helpCentre')}
      </a>
    </Modal>
  );
}
