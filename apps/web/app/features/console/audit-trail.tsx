import { AUDIT_TRAIL_ACTIONS } from '@portal/contracts/staff';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { DateRangeFields } from '~/components/date-range-fields';
import { FilterForm } from '~/components/filter-form';
import { FilterSelect } from '~/components/filter-select';
import { FormField } from '~/components/form-field';
import { ListStatus } from '~/components/list-status';
import { Pager } from '~/components/pager';
import { saveFile } from '~/components/save-file';
import { useLocaliseMessage } from '~/i18n/server-messages';
import { useAuditTrail, type AuditFilter } from './api/get-audit-trail';
import { useExportAuditTrail } from './api/export-audit-trail';
import { ConsoleSectionPage } from './console-section';
import { formatWib } from './console-time';
import { PendingButton } from '~/components/pending-button';

const EMPTY: AuditFilter = { actor: '', action: '', from: '', to: '' };

// Action names hold dots (`staff.roles`); the catalogue's keys hold underscores instead.
const actionKey = (action: string) => `audit.actions.${action.replaceAll('.', '_')}`;

/** A keyed hash of personal data (HMAC-SHA-256 in hex): never shown whole. */
const HASH = /^[0-9a-f]{64}$/;
/** A moment the API wrote (ISO 8601, UTC). */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** Who acted, as a reader knows them: an address as the API gave it, or the command line. */
function actorName(actor: string | null, t: TFunction<'console'>): string {
  if (actor === null) return t('audit.public');
  if (actor === 'command' || actor.startsWith('cli:')) {
    return t('audit.command', { name: actor.startsWith('cli:') ? actor.slice(4) : actor });
  }
  return actor;
}

/** One value of a change, in the reader's language: a label, a WIB time, a hash masked. */
function shownValue(
  field: string,
  value: unknown,
  t: TFunction<'console'>,
  language: string,
): string {
  if (value === null || value === undefined) return t('audit.empty');
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return t('audit.emptyList');
    return value.map((item) => shownValue(field, item, t, language)).join(', ');
  }
  if (typeof value !== 'string') return JSON.stringify(value);
  if (HASH.test(value)) return t('audit.hashed', { fingerprint: value.slice(0, 8) });
  if (MOMENT.test(value)) return formatWib(value, language);
  if (field === 'roles') return t(`roles.${value}`, { defaultValue: value });
  if (field === 'status' || field === 'authMethod' || field === 'decision') {
    return t(`audit.values.${value}`, { defaultValue: value });
  }
  return value;
}

/** `/konsol/audit`: the audit trail, for auditors and staff admins; read only. */
export function AuditPage() {
  return <ConsoleSectionPage section="audit">{() => <AuditTrail />}</ConsoleSectionPage>;
}

/**
 * What staff did, newest first, filtered by person, action and day; each change with its before
 * and after. The filter stays in the page, not its address: a person's address is personal data.
 */
export function AuditTrail() {
  const { t, i18n } = useTranslation('console');
  const localise = useLocaliseMessage();
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const [page, setPage] = useState(1);
  const trail = useAuditTrail(filter, page);
  const download = useExportAuditTrail();
  const data = trail.data;
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="text-3xl font-bold">
        {t('sections.audit')}
      </h1>
      <p className="mt-2 max-w-3xl text-muted">{t('audit.intro')}</p>
      <AuditFilters
        value={filter}
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <PendingButton
          type="button"
          className="btn btn-secondary"
          pending={download.isPending}
          aria-describedby="audit-export-hint"
          onClick={() =>
            download.mutate(filter, {
              onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? 'jejak-audit.csv'),
            })
          }
        >
          {t('audit.export')}
        </PendingButton>
        <span id="audit-export-hint" className="text-sm text-muted">
          {t('audit.exportHint')}
        </span>
      </div>
      {download.error instanceof ApiError ? (
        <Alert variant="field-error">{localise(download.error)}</Alert>
      ) : null}
      <ListStatus
        error={trail.error}
        count={data?.total}
        pending={trail.isPending}
        texts={{
          none: t('audit.none'),
          total: (count) => t('audit.total', { count }),
          loading: t('loading'),
        }}
      />
      {data ? (
        <>
          <ol
            className="mt-2 divide-y divide-line border-y border-line"
            aria-label={t('audit.caption')}
          >
            {data.items.map((entry) => {
              const when = formatWib(entry.occurredAt, i18n.language);
              const name = t(actionKey(entry.action), { defaultValue: entry.action });
              const outcome = t(`audit.outcomes.${entry.outcome}`, {
                defaultValue: entry.outcome,
              });
              return (
                <li key={entry.id} className="py-3">
                  <h2 className="font-semibold">{name}</h2>
                  <p className="break-all text-sm">
                    {when} · {actorName(entry.actor, t)} · {t('audit.outcome', { outcome })}
                  </p>
                  {entry.before !== null || entry.after !== null ? (
                    <Changes
                      before={entry.before}
                      after={entry.after}
                      caption={t('audit.changesCaption', { action: name, when })}
                    />
                  ) : null}
                </li>
              );
            })}
          </ol>
          <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function AuditFilters({
  value,
  onApply,
}: {
  value: AuditFilter;
  onApply: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation('console');
  const actorId = useId();
  const actions = AUDIT_TRAIL_ACTIONS;
  return (
    <FilterForm
      value={value}
      onApply={onApply}
      label={t('audit.filters')}
      applyText={t('audit.apply')}
      applyClassName="lg:col-start-5"
    >
      {(draft, setDraft) => (
        <>
          <FormField id={actorId} label={t('audit.actor')} className="lg:col-span-2">
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="off"
                spellCheck={false}
                value={draft.actor}
                onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
              />
            )}
          </FormField>
          <FilterSelect
            label={t('audit.action')}
            value={draft.action}
            onChange={(action) => setDraft({ ...draft, action })}
            anyText={t('audit.anyAction')}
            options={actions.map((action) => ({ value: action, text: t(actionKey(action)) }))}
          />
          <DateRangeFields
            value={draft}
            onChange={setDraft}
            labels={{ from: t('audit.from'), to: t('audit.to') }}
          />
        </>
      )}
    </FilterForm>
  );
}

type Flat = Record<string, unknown>;
const isFlat = (value: unknown): value is Flat | null =>
  value === null ||
  (typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value as Flat).every(
      (item) =>
        item === null ||
        typeof item !== 'object' ||
        (Array.isArray(item) && item.every((part) => typeof part !== 'object')),
    ));

/**
 * A change's before and after. A record of plain values (the usual case) reads as a table, one
 * row per field, the changed ones marked; anything deeper as the JSON it is, before and after.
 */
function Changes({ before, after, caption }: { before: unknown; after: unknown; caption: string }) {
  const { t, i18n } = useTranslation('console');
  const shown = (field: string, value: unknown) => shownValue(field, value, t, i18n.language);
  if (!isFlat(before) || !isFlat(after)) {
    return (
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {(
          [
            ['before', before],
            ['after', after],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <p className="text-sm font-semibold">{t(`audit.${label}`)}</p>
            <pre className="whitespace-pre-wrap break-all rounded-md bg-surface p-2 text-sm">
              {value === null ? t('audit.empty') : JSON.stringify(value, null, 2)}
            </pre>
          </div>
        ))}
      </div>
    );
  }
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return (
    <table className="mt-2 w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b-2 border-line">
          <th scope="col" className="p-1">
            {t('audit.field')}
          </th>
          <th scope="col" className="p-1">
            {t('audit.before')}
          </th>
          <th scope="col" className="p-1">
            {t('audit.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const from = shown(field, before?.[field]);
          const to = shown(field, after?.[field]);
          const changed = from !== to;
          return (
            <tr
              key={field}
              className={changed ? 'border-b border-line font-semibold' : 'border-b border-line'}
            >
              <th scope="row" className="break-words p-1 font-normal">
                {t(`audit.fields.${field}`, { defaultValue: field })}
                {changed ? <span className="sr-only"> ({t('audit.changed')})</span> : null}
              </th>
              <td className="break-words p-1">{from}</td>
              <td className="break-words p-1">{to}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
