import { useTranslation } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, changeLanguage } from '~/i18n/i18n';
import type { Language } from '~/i18n/i18n';
import { rememberLanguageForServer } from '~/i18n/language-cookie';

/**
 * Switches between Indonesian and English and remembers the choice. It shows the language's
 * code, which fits the navbar in either language; the name follows it in the accessible name.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const next: Language = i18n.language === 'en' ? 'id' : 'en';
  return (
    <button
      type="button"
      lang={next}
      className={className ?? 'btn btn-ghost min-h-11 px-3'}
      data-track="language-switch"
      onClick={() => {
        void changeLanguage(next);
        rememberLanguageForServer(next);
        try {
          window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        } catch {
          // Storage may be blocked (private mode); the switch still works for this page.
        }
      }}
    >
      <span className="font-bold uppercase">{next}</span>
      <span className="sr-only"> {t(`language.switchTo.${next}`)}</span>
    </button>
  );
}
