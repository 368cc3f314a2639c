import type { School } from '@portal/contracts/account-lookup';
import { useId, useState } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '~/components/form-field';
import { formStyles } from '~/components/form-styles';
import { useSchoolByNpsn } from './api/find-school';
import { SCHOOL_SEARCH_MIN_LETTERS, useSchoolSearch } from './api/search-schools';
import { useDebouncedValue } from './use-debounced-value';

type Mode = 'npsn' | 'name';
const SEARCH_DEBOUNCE_MS = 300;

type SchoolFieldProps = {
  /** Id of the text input, whichever mode is shown (the error summary links to it). */
  id: string;
  npsn: string;
  onNpsnChange: (npsn: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

/** The school by NPSN (confirmed by its name) or by name (an ARIA 1.2 combobox). */
export function SchoolField({ id, npsn, onNpsnChange, onBlur, error, inputRef }: SchoolFieldProps) {
  const { t } = useTranslation('account-lookup');
  const [mode, setMode] = useState<Mode>('npsn');
  const modeName = useId();
  return (
    <div className="space-y-3" data-field>
      <fieldset>
        <legend className={formStyles.label}>{t('form.schoolMode')}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {(['npsn', 'name'] as const).map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={modeName}
                value={value}
                checked={mode === value}
                onChange={() => {
                  setMode(value);
                  onNpsnChange('');
                }}
                className="size-5 accent-brand"
              />
              {t(value === 'npsn' ? 'form.byNpsn' : 'form.byName')}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'npsn' ? (
        <NpsnInput
          id={id}
          npsn={npsn}
          onNpsnChange={onNpsnChange}
          onBlur={onBlur}
          error={error}
          inputRef={inputRef}
        />
      ) : (
        <SchoolCombobox
          id={id}
          npsn={npsn}
          onNpsnChange={onNpsnChange}
          onBlur={onBlur}
          error={error}
          inputRef={inputRef}
        />
      )}
    </div>
  );
}

function NpsnInput({ id, npsn, onNpsnChange, onBlur, error, inputRef }: SchoolFieldProps) {
  const { t } = useTranslation('account-lookup');
  const school = useSchoolByNpsn(useDebouncedValue(npsn, SEARCH_DEBOUNCE_MS));
  return (
    <FormField
      id={id}
      label={t('form.npsn')}
      hint={t('form.npsnHint')}
      describedBy={`${id}-school`}
      error={error}
    >
      {(control) => (
        <>
          <input
            {...control}
            ref={inputRef}
            name="npsn"
            value={npsn}
            onChange={(event) => onNpsnChange(event.target.value)}
            onBlur={onBlur}
            autoComplete="off"
            spellCheck={false}
            maxLength={8}
            className={`${control.className} max-w-48 uppercase`}
          />
          <p id={`${id}-school`} role="status" className="mt-1 text-sm">
            {school.isFetching ? (
              t('form.schoolChecking')
            ) : school.data ? (
              <span className="font-semibold text-success">
                {t('form.schoolFound', school.data)}
              </span>
            ) : school.data === null ? (
              <span className="font-semibold text-danger">{t('form.schoolNotFound')}</span>
            ) : null}
          </p>
        </>
      )}
    </FormField>
  );
}

function SchoolCombobox({ id, npsn, onNpsnChange, onBlur, error, inputRef }: SchoolFieldProps) {
  const { t } = useTranslation('account-lookup');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<School | null>(null);
  const term = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useSchoolSearch(term);
  const schools = search.data ?? [];
  const listId = `${id}-list`;
  const tooShort = text.trim().length < SCHOOL_SEARCH_MIN_LETTERS;
  const expanded = open && !tooShort && schools.length > 0;

  const choose = (school: School) => {
    setChosen(school);
    setText(school.name);
    setOpen(false);
    setActive(-1);
    onNpsnChange(school.npsn);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!schools.length) return;
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + schools.length) % schools.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      const school = schools[active];
      if (school) choose(school);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status = tooShort
    ? t('form.schoolMinLetters')
    : search.isFetching && !search.data
      ? t('form.schoolChecking')
      : chosen && chosen.npsn === npsn
        ? t('form.schoolSelected', chosen)
        : search.data
          ? schools.length
            ? t('form.schoolResults', { count: schools.length })
            : t('form.schoolNoResults')
          : '';

  return (
    <FormField
      id={id}
      label={t('form.schoolName')}
      hint={t('form.schoolNameHint')}
      describedBy={`${id}-status`}
      error={error}
      className="relative"
    >
      {(control) => (
        <>
          <input
            {...control}
            ref={inputRef}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
              if (npsn) onNpsnChange('');
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              // A click on an option blurs the input first; let the click land.
              window.setTimeout(() => setOpen(false), 150);
              onBlur();
            }}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('form.schoolName')}
            hidden={!expanded}
            className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-muted bg-white shadow-lg"
          >
            {schools.map((school, index) => (
              <li
                key={school.npsn}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(school)}
                className={`min-h-11 cursor-pointer px-3 py-2 ${index === active ? 'bg-brand text-white' : 'hover:bg-brand-soft'}`}
              >
                <span className="block font-semibold">{school.name}</span>
                <span className="block text-sm">
                  NPSN {school.npsn} · {school.regency}, {school.province}
                </span>
              </li>
            ))}
          </ul>
          <p id={`${id}-status`} role="status" className="mt-1 text-sm">
            {status}
          </p>
        </>
      )}
    </FormField>
  );
}
