import { useTranslation } from 'react-i18next';

/** Previous and next, with where the reader is; hidden when everything fits one page. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('school-admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label={t('paging.label')} className="mt-4 flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('paging.previous')}
      </button>
      <span aria-live="polite">{t('paging.position', { page, pages })}</span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('paging.next')}
      </button>
    </nav>
  );
}
