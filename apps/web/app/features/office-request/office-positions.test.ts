import { describe, expect, it } from 'vitest';
import { OFFICE_REQUEST_POSITIONS } from '@portal/contracts/office-request';
import en from '~/locales/en/office-request.json';
import id from '~/locales/id/office-request.json';

// The API names the office positions in Indonesian (its list is the contract's): the form shows
// them through the catalogue, so an English reader reads English choices.
describe('the position choices of the office form', () => {
  const english: Record<string, string> = en.positions;
  const indonesian: Record<string, string> = id.positions;

  it('have an English label for every position the API offers', () => {
    for (const position of OFFICE_REQUEST_POSITIONS) {
      expect(english[position.id], position.id).toBeTruthy();
      expect(english[position.id], position.id).not.toBe(position.name);
    }
    expect(english['kepala-dinas']).toBe('Head of the Education Office');
    expect(english['lainnya']).toBe('Other');
  });

  it('keep the Indonesian names the API sends', () => {
    for (const position of OFFICE_REQUEST_POSITIONS)
      expect(indonesian[position.id]).toBe(position.name);
    expect(Object.keys(indonesian).sort()).toEqual(Object.keys(english).sort());
  });
});
