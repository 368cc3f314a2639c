import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '~/components/form-field';

/** A name or NISN search: applied on submit, so a slow network is not asked at every key. */
export function SearchBox({ onSearch }: { onSearch: (query: string) => void }) {
  const { t } = useTranslation('school-admin');
  const id = useId();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2">
      <FormField
        id={id}
        label={t('search.label')}
        hint={t('search.hint')}
        className="min-w-0 flex-1 basis-56"
      >
        {(control) => (
          <input
            {...control}
            type="search"
            maxLength={100}
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-secondary">
        {t('search.submit')}
      </button>
    </form>
  );
}
