import { useTranslation } from 'react-i18next';

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-md bg-white px-4 py-3 font-semibold text-brand shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
    >
      {t('skipToContent')}
    </a>
  );
}
