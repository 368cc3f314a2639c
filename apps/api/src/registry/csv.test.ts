import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('leaves plain values bare and ends the line', () => {
    expect(csvLine(['11.01', 42, 'Aceh'])).toBe('11.01,42,Aceh\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvLine(['Jl. Merdeka No. 1, Kota Bandung', 'SD "Teladan"', 'a\nb', 'c\rd'])).toBe(
      '"Jl. Merdeka No. 1, Kota Bandung","SD ""Teladan""","a\nb","c\rd"\n',
    );
  });

  it('writes null as an empty field and an empty string quoted', () => {
    expect(csvLine([null, '', 'x'])).toBe(',"",x\n');
  });

  it("keeps an apostrophe as it is and quotes COPY's end marker", () => {
    expect(csvLine(["Nur'aini", '\\.'])).toBe('Nur\'aini,"\\."\n');
  });
});
