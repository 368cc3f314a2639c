import { useTranslation } from 'react-i18next';

/** Moves through a console list a page at a time, and says which page of how many is shown. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-3 flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <span aria-hidden="true">‹ </span>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.position', { page, pages })}</span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
