import { BIRTH_YEAR_OPTIONS } from '@portal/contracts/business-constants';
import { useEffect, useRef, useState } from 'react';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '~/components/form-styles';
import { FORMS_NAMESPACE } from '~/i18n/forms-namespace';

/** What the visitor picked, kept day-month-year as SPEC §5 says; '' for a part not chosen. */
export type BirthDateParts = { day: string; month: string; year: string };

const EMPTY: BirthDateParts = { day: '', month: '', year: '' };
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** Years from last year back, as many as SPEC §9 says. */
export function birthYears(now = new Date()): number[] {
  const last = now.getFullYear() - 1;
  return Array.from({ length: BIRTH_YEAR_OPTIONS }, (_, index) => last - index);
}

const pad = (value: string, length: number) => value.padStart(length, '0');

/** The year-month-day value sent to the API, or null while a part is missing or the date is impossible. */
export function partsToIsoDate(parts: BirthDateParts): string | null {
  const day = Number(parts.day);
  const month = Number(parts.month);
  const year = Number(parts.year);
  if (!day || !month || !year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  return `${pad(String(year), 4)}-${pad(String(month), 2)}-${pad(String(day), 2)}`;
}

export function isoDateToParts(value: string): BirthDateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return EMPTY;
  const [, year = '', month = '', day = ''] = match;
  return { day: String(Number(day)), month: String(Number(month)), year };
}

const isComplete = (parts: BirthDateParts) => Boolean(parts.day && parts.month && parts.year);

/**
 * What the picker reports: the date year-month-day; an impossible one (31 February) as it was
 * picked, so the form's schema finds it invalid, as the picker says, and not missing; '' while a
 * part is missing.
 */
function reportedValue(parts: BirthDateParts): string {
  if (!isComplete(parts)) return '';
  return (
    partsToIsoDate(parts) ?? `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`
  );
}
const isEmpty = (parts: BirthDateParts) => !parts.day && !parts.month && !parts.year;

type BirthDatePickerProps = {
  /** Base id: the fieldset gets it, the selects `<id>-day`, `<id>-month`, `<id>-year`. */
  id: string;
  /** Year-month-day (an impossible date as picked), or '' while a part is missing. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** An error from the form (e.g. `Wajib Diisi` on submit); the picker's own errors come first. */
  error?: string | undefined;
  legend?: string;
  disabled?: boolean;
};

/**
 * The three-select birth date of SPEC §5, controlled (react-hook-form's `Controller` fits).
 * A missing part says `Wajib Diisi` once the visitor leaves the group; an impossible date says
 * `Tanggal Tidak Valid` and is reported as picked, so the form's schema (and its error summary)
 * says the same; the selects keep what was picked, so only the wrong part needs changing.
 * Link an error summary to `#<id>-day`.
 */
export function BirthDatePicker({
  id,
  value,
  onChange,
  onBlur,
  error,
  legend,
  disabled,
}: BirthDatePickerProps) {
  const { t } = useTranslation(FORMS_NAMESPACE);
  const [parts, setParts] = useState<BirthDateParts>(() => isoDateToParts(value));
  const [left, setLeft] = useState(false);
  // The last value this picker reported; any other value comes from the form (reset, defaults).
  const reported = useRef(value);

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setParts(isoDateToParts(value));
    setLeft(false);
  }, [value]);

  // The parts as last picked, for changes that come faster than renders (the three selects
  // changed before the page hydrated are replayed in one go).
  const latest = useRef(parts);
  latest.current = parts;
  const update = (part: keyof BirthDateParts, next: string) => {
    const nextParts = { ...latest.current, [part]: next };
    latest.current = nextParts;
    setParts(nextParts);
    const iso = reportedValue(nextParts);
    if (iso !== reported.current) {
      reported.current = iso;
      onChange(iso);
    }
  };

  const impossible = isComplete(parts) && partsToIsoDate(parts) === null;
  const missing = left && !isComplete(parts) && !isEmpty(parts);
  const message = impossible
    ? t('birthDate.invalid')
    : missing
      ? t('birthDate.required')
      : (error ?? undefined);
  const errorId = `${id}-error`;

  const onGroupBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setLeft(true);
    onBlur?.();
  };

  const partInvalid = (part: keyof BirthDateParts) =>
    impossible || (missing && !parts[part]) || (!missing && Boolean(error));

  return (
    <fieldset
      id={id}
      className="min-w-0"
      onBlur={onGroupBlur}
      aria-describedby={message ? errorId : undefined}
      disabled={disabled}
    >
      <legend className={formStyles.label}>{legend ?? t('birthDate.legend')}</legend>
      {/* The day and the year never narrower than their widest choice (the placeholder, a year),
          so on a narrow screen only the month gives way, and at 360 px it still holds "September". */}
      <div className="grid grid-cols-[minmax(max-content,1fr)_minmax(0,1.8fr)_minmax(max-content,1.1fr)] gap-2">
        <div className="min-w-0">
          <label htmlFor={`${id}-day`} className={formStyles.hint}>
            {t('birthDate.day')}
          </label>
          <select
            id={`${id}-day`}
            className={formStyles.control(partInvalid('day'))}
            value={parts.day}
            onChange={(event) => update('day', event.target.value)}
            aria-invalid={partInvalid('day') || undefined}
            aria-describedby={message ? errorId : undefined}
            autoComplete="bday-day"
          >
            <option value="">{t('birthDate.choose')}</option>
            {DAYS.map((day) => (
              <option key={day} value={String(day)}>
                {day}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-month`} className={formStyles.hint}>
            {t('birthDate.month')}
          </label>
          <select
            id={`${id}-month`}
            className={formStyles.control(partInvalid('month'))}
            value={parts.month}
            onChange={(event) => update('month', event.target.value)}
            aria-invalid={partInvalid('month') || undefined}
            aria-describedby={message ? errorId : undefined}
            autoComplete="bday-month"
          >
            <option value="">{t('birthDate.choose')}</option>
            {MONTHS.map((month) => (
              <option key={month} value={String(month)}>
                {t(`months.${month}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-year`} className={formStyles.hint}>
            {t('birthDate.year')}
          </label>
          <select
            id={`${id}-year`}
            className={formStyles.control(partInvalid('year'))}
            value={parts.year}
            onChange={(event) => update('year', event.target.value)}
            aria-invalid={partInvalid('year') || undefined}
            aria-describedby={message ? errorId : undefined}
            autoComplete="bday-year"
          >
            <option value="">{t('birthDate.choose')}</option>
            {birthYears().map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      {message ? (
        <p id={errorId} className={formStyles.error}>
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
