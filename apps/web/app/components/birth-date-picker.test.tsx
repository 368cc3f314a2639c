import { BirthDateSchema } from '@portal/contracts/account-lookup';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BirthDatePicker,
  birthYears,
  isoDateToParts,
  partsToIsoDate,
} from '~/components/birth-date-picker';
import { changeLanguage } from '~/i18n/i18n';
import { renderWithProviders } from '~/test-support/render-with-providers';

afterEach(async () => {
  cleanup();
  await changeLanguage('id');
});

let lastValue = '';
function Harness({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <BirthDatePicker
        id="birthDate"
        value={value}
        onChange={(next) => {
          lastValue = next;
          setValue(next);
        }}
        error={error}
      />
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
      <output data-testid="value">{value}</output>
    </>
  );
}

const select = (name: string) => screen.getByRole('combobox', { name });
const pick = (name: string, value: string) => fireEvent.change(select(name), { target: { value } });

describe('birth date helpers', () => {
  it('offers last year back 101 years', () => {
    const years = birthYears(new Date('2026-06-01T00:00:00Z'));
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(1925);
  });

  it('converts day-month-year parts to year-month-day and refuses impossible dates', () => {
    expect(partsToIsoDate({ day: '9', month: '3', year: '2001' })).toBe('2001-03-09');
    expect(partsToIsoDate({ day: '29', month: '2', year: '2000' })).toBe('2000-02-29');
    expect(partsToIsoDate({ day: '29', month: '2', year: '2001' })).toBeNull();
    expect(partsToIsoDate({ day: '31', month: '4', year: '2001' })).toBeNull();
    expect(partsToIsoDate({ day: '', month: '4', year: '2001' })).toBeNull();
    expect(isoDateToParts('2001-03-09')).toEqual({ day: '9', month: '3', year: '2001' });
    expect(isoDateToParts('')).toEqual({ day: '', month: '', year: '' });
  });
});

describe('BirthDatePicker', () => {
  it('is a labelled group of three labelled selects with Indonesian month names', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('group', { name: 'Tanggal Lahir' })).toBeTruthy();
    expect(select('Tanggal').querySelectorAll('option')).toHaveLength(32);
    const months = [...select('Bulan').querySelectorAll('option')].map((o) => o.textContent);
    expect(months.slice(1, 4)).toEqual(['Januari', 'Februari', 'Maret']);
    expect(select('Tahun').querySelectorAll('option')).toHaveLength(102);
  });

  it('reports year-month-day once the three parts make a real date', () => {
    renderWithProviders(<Harness />);
    pick('Tanggal', '17');
    pick('Bulan', '8');
    expect(screen.getByTestId('value').textContent).toBe('');
    pick('Tahun', '1995');
    expect(screen.getByTestId('value').textContent).toBe('1995-08-17');
  });

  it('reports an impossible date as picked and says Tanggal Tidak Valid', () => {
    renderWithProviders(<Harness initial="2000-02-29" />);
    expect(select('Tanggal')).toHaveProperty('value', '29');
    pick('Tahun', '2001');
    // The form's schema then finds it invalid, as the picker says, not missing.
    expect(lastValue).toBe('2001-02-29');
    expect(BirthDateSchema.safeParse(lastValue).error?.issues[0]?.message).toBe(
      'Tanggal Tidak Valid',
    );
    const message = screen.getByText('Tanggal Tidak Valid');
    for (const name of ['Tanggal', 'Bulan', 'Tahun']) {
      expect(select(name).getAttribute('aria-invalid')).toBe('true');
      expect(select(name).getAttribute('aria-describedby')).toBe(message.id);
    }
    pick('Tahun', '2004');
    expect(screen.getByTestId('value').textContent).toBe('2004-02-29');
    expect(screen.queryByText('Tanggal Tidak Valid')).toBeNull();
  });

  it('keeps every part when the selects change faster than it renders (a replay on hydration)', async () => {
    renderWithProviders(<Harness />);
    for (const [name, value] of [
      ['Tanggal', '31'],
      ['Bulan', '2'],
      ['Tahun', '2001'],
    ] as const) {
      const element = select(name) as HTMLSelectElement;
      element.value = value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }
    expect(await screen.findByText('Tanggal Tidak Valid')).toBeTruthy();
    expect(select('Tanggal')).toHaveProperty('value', '31');
    expect(select('Bulan')).toHaveProperty('value', '2');
    expect(select('Tahun')).toHaveProperty('value', '2001');
  });

  it('says Wajib Diisi when the visitor leaves the group with a part missing', () => {
    renderWithProviders(<Harness />);
    pick('Tanggal', '3');
    fireEvent.blur(select('Tanggal'), { relatedTarget: select('Bulan') });
    expect(screen.queryByText('Wajib Diisi')).toBeNull();
    fireEvent.blur(select('Bulan'), { relatedTarget: document.body });
    expect(screen.getByText('Wajib Diisi')).toBeTruthy();
    expect(select('Bulan').getAttribute('aria-invalid')).toBe('true');
    expect(select('Tanggal').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the form error (e.g. on submit) and follows a reset by the form', () => {
    renderWithProviders(<Harness initial="1990-01-05" error="Wajib Diisi" />);
    expect(screen.getByText('Wajib Diisi')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(select('Tanggal')).toHaveProperty('value', '');
    expect(select('Tahun')).toHaveProperty('value', '');
  });

  it('speaks English in English', async () => {
    await changeLanguage('en');
    renderWithProviders(<Harness />);
    expect(screen.getByRole('group', { name: 'Date of birth' })).toBeTruthy();
    expect(select('Month').querySelectorAll('option')[1]?.textContent).toBe('January');
  });
});
