import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, registerNamespace } from '~/i18n/i18n';
import en from '~/locales/en/office-request.json';
import id from '~/locales/id/office-request.json';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { UploadField } from './upload-field';

vi.mock('./api/upload-private-file', () => ({
  uploadPrivateFile: vi.fn(() => Promise.resolve('upload:abc123')),
}));

registerNamespace('office-request', { id, en });

function Harness() {
  const [file, setFile] = useState({ reference: '', name: '' });
  return (
    <UploadField
      id="letter"
      label="Surat dinas (PDF, maksimal 5 MB)"
      value={file.reference}
      fileName={file.name}
      onUploaded={(reference, name) => setFile({ reference, name })}
      onRemoved={() => setFile({ reference: '', name: '' })}
    />
  );
}

const show = () => renderWithProviders(<Harness />);
const pdf = () => new File(['%PDF-1.4'], 'surat.pdf', { type: 'application/pdf' });

afterEach(cleanup);
afterAll(() => changeLanguage('id'));

describe('the office form file field', () => {
  it('draws its own button over a visually hidden native input the keyboard still reaches', () => {
    const { container } = show();
    const input = screen.getByLabelText('Surat dinas (PDF, maksimal 5 MB)') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.className).toContain('sr-only');
    expect(input.tabIndex).toBe(0);
    input.focus();
    expect(document.activeElement).toBe(input);
    const choose = screen.getByTestId('letter-choose');
    expect(choose.textContent).toBe('Pilih berkas');
    expect(choose.getAttribute('for')).toBe('letter');
    expect(container.textContent).not.toMatch(/No file chosen/);
  });

  it('shows the chosen file with Ganti berkas and Hapus berkas, and removes it', async () => {
    show();
    const input = screen.getByLabelText('Surat dinas (PDF, maksimal 5 MB)');
    await act(async () => {
      fireEvent.change(input, { target: { files: [pdf()] } });
    });
    await screen.findByText('Terunggah: surat.pdf');
    expect(screen.getByTestId('letter-choose').textContent).toBe('Ganti berkas');
    fireEvent.click(screen.getByRole('button', { name: /^Hapus berkas/ }));
    expect(screen.queryByText('Terunggah: surat.pdf')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Hapus berkas/ })).toBeNull();
    expect(screen.getByTestId('letter-choose').textContent).toBe('Pilih berkas');
    expect(document.activeElement).toBe(input);
  });

  it('says its actions in English', async () => {
    await changeLanguage('en');
    show();
    expect(screen.getByTestId('letter-choose').textContent).toBe('Choose a file');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Surat dinas (PDF, maksimal 5 MB)'), {
        target: { files: [pdf()] },
      });
    });
    await screen.findByText('Uploaded: surat.pdf');
    expect(screen.getByTestId('letter-choose').textContent).toBe('Replace the file');
    expect(screen.getByRole('button', { name: /^Remove the file/ })).toBeTruthy();
  });
});
