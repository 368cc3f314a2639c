import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { brand } from '~/config';
import { renderPage } from './help-content-test-utils';
import { webConfig } from '~/config';
import { PRIVACY_SECTIONS } from './privacy-content';
import { PrivacyPolicyPage } from './privacy-policy-page';

afterEach(cleanup);

describe('PrivacyPolicyPage', () => {
  it('is titled Kebijakan Privasi, dated a day already past, with numbered sections and a table of contents', async () => {
    const { container } = await renderPage(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kebijakan Privasi');
    const effective = webConfig.privacyEffectiveDate;
    expect(effective <= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(container.querySelector(`time[datetime="${effective}"]`)?.textContent).toBe(
      '24 November 2026',
    );
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(sections).toHaveLength(PRIVACY_SECTIONS.length);
    expect(sections[0]?.textContent).toBe('1. Ringkasan');
    const toc = screen.getByRole('navigation', { name: 'Daftar isi' });
    const targets = [...toc.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(targets).toEqual(PRIVACY_SECTIONS.map((id) => `#${id}`));
    for (const id of PRIVACY_SECTIONS)
      expect(container.querySelector(`section#${id} p, section#${id} li`)).toBeTruthy();
  });

  it('names what the portal collects, the legal basis and the rights under UU 27/2022', async () => {
    const { container } = await renderPage(<PrivacyPolicyPage />);
    const text = container.textContent ?? '';
    for (const phrase of [
      'Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi',
      'NPSN sekolah, nama lengkap, tanggal lahir, dan nama ibu kandung',
      'berkas surat yang diunggah',
      'ID perangkat acak',
      'hash berkunci',
      'Cookie referensi masuk',
      'Pasal 20 UU PDP',
      '3 x 24 jam',
      'Menarik kembali persetujuan',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('{{');
    expect(screen.getByRole('link', { name: 'Buka Pusat Bantuan' }).getAttribute('href')).toBe(
      brand.helpCentreUrl,
    );
  });

  it('reads in English', async () => {
    await renderPage(<PrivacyPolicyPage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(screen.getByRole('heading', { name: '10. Your Rights' })).toBeTruthy();
  });
});
