import type { StudentRequest } from '@portal/contracts/school-admin';
import { useTranslation } from 'react-i18next';

/** How far a request is: a progress bar of the students settled, then who got no account and why. */
export function RequestProgress({ request }: { request: StudentRequest }) {
  const { t } = useTranslation('school-admin');
  const done = request.created + request.failed;
  return (
    <div>
      <div className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
        <span>{t('progress.label')}</span>
        <span>{t('progress.count', { done, total: request.total })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={request.total}
        aria-valuenow={done}
        aria-valuetext={t('progress.count', { done, total: request.total })}
        className="mt-1 h-3 overflow-hidden rounded-full border border-muted bg-surface"
      >
        <div
          className="h-full bg-brand transition-[width]"
          style={{ width: `${request.total === 0 ? 0 : (done / request.total) * 100}%` }}
        />
      </div>
      {request.status === 'completed' && (
        <p className="mt-2 font-semibold">{t('progress.done', { created: request.created })}</p>
      )}
      {request.failed > 0 && (
        <>
          <p className="mt-2">{t('progress.failed', { count: request.failed })}</p>
          <ul className="mt-1 list-disc pl-6 text-sm">
            {request.failures.map((failure, index) => (
              <li key={`${failure.name}-${index}`}>
                {failure.name}: {t(`reasons.${failure.reason}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
