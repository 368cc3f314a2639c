import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Alert } from '~/components/alert';
import { Carousel } from '~/components/carousel';
import { Modal } from '~/components/modal';
import { ToastPageBinding, ToastProvider, useToast } from '~/components/toast';
import { renderWithProviders } from '~/test-support/render-with-providers';

let reducedMotion = false;
beforeEach(() => {
  reducedMotion = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') ? reducedMotion : false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const isShown = (text: string) =>
  !(screen.getByText(text).closest('[role="group"]') as HTMLElement).hidden;

function ModalHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal open={open} onOpenChange={setOpen} size="method" title="Judul">
        <button type="button">inside</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('has its SPEC width, closes on Escape and returns focus to the opener', async () => {
    renderWithProviders(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Judul' });
    expect(dialog.style.maxWidth).toBe('360px');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('Carousel', () => {
  const slides = ['satu', 'dua', 'tiga'].map((text) => <p key={text}>{text}</p>);

  it('advances every 5 seconds and pauses while hovered', () => {
    vi.useFakeTimers();
    const { container } = renderWithProviders(<Carousel label="Mitra" slides={slides} />);
    expect(isShown('satu')).toBe(true);
    act(() => vi.advanceTimersByTime(5000));
    expect(isShown('dua')).toBe(true);
    fireEvent.mouseEnter(container.firstElementChild as Element);
    act(() => vi.advanceTimersByTime(15000));
    expect(isShown('dua')).toBe(true);
  });

  it('does not autoplay under reduced motion and moves with the arrow keys', () => {
    reducedMotion = true;
    vi.useFakeTimers();
    renderWithProviders(<Carousel label="Mitra" slides={slides} />);
    act(() => vi.advanceTimersByTime(20000));
    expect(isShown('satu')).toBe(true);
    fireEvent.keyDown(screen.getByRole('region', { name: 'Mitra' }), { key: 'ArrowLeft' });
    expect(isShown('tiga')).toBe(true);
  });
});

function ToastHarness() {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => toast.show('Kode OTP berhasil dikirim', { durationMs: 10000 })}
    >
      kirim
    </button>
  );
}

describe('Toast', () => {
  it('announces a message in a live region and removes it after its duration', () => {
    vi.useFakeTimers();
    renderWithProviders(
      <ToastProvider>
        <ToastHarness />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'kirim' }));
    expect(screen.getByRole('status').textContent).toContain('Kode OTP berhasil dikirim');
    act(() => vi.advanceTimersByTime(10000));
    expect(screen.getByRole('status').textContent).not.toContain('Kode OTP');
  });
});

function PageToastHarness() {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        toast.show('Kode OTP berhasil dikirim', { durationMs: 10000, page: '/kode' });
        toast.show('Versi baru tersedia', { durationMs: null });
        void navigate('/kode');
      }}
    >
      kirim
    </button>
  );
}

describe('Toast bound to a page', () => {
  it('follows the visitor to its page and is dismissed when they leave it; others stay', () => {
    renderWithProviders(
      <>
        <ToastPageBinding />
        <Routes>
          <Route path="/" element={<PageToastHarness />} />
          <Route path="/kode" element={<Link to="/sandi-baru">lanjut</Link>} />
          <Route path="/sandi-baru" element={<button type="button">Simpan</button>} />
        </Routes>
      </>,
      { path: '/', toasts: true },
    );
    fireEvent.click(screen.getByRole('button', { name: 'kirim' }));
    expect(screen.getByRole('status').textContent).toContain('Kode OTP berhasil dikirim');
    fireEvent.click(screen.getByRole('link', { name: 'lanjut' }));
    screen.getByRole('button', { name: 'Simpan' });
    expect(screen.getByRole('status').textContent).not.toContain('Kode OTP');
    expect(screen.getByRole('status').textContent).toContain('Versi baru tersedia');
  });
});

describe('Alert', () => {
  it('interrupts for a failure and waits its turn for a notice, unless told otherwise', () => {
    renderWithProviders(
      <>
        <Alert variant="error">gagal</Alert>
        <Alert variant="info">ditutup</Alert>
        <Alert variant="error" role="status">
          sedang dimuat ulang
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('gagal');
    expect(screen.getAllByRole('status').map((element) => element.textContent)).toEqual([
      'ditutup',
      'sedang dimuat ulang',
    ]);
  });

  it('keeps a boxed failure’s title in the danger colour and the text under it plain', () => {
    renderWithProviders(
      <Alert variant="error-box" title="Akun salah">
        <p>Masuk dengan akun sekolah.</p>
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.className).not.toContain('text-danger');
    expect(screen.getByText('Akun salah').className).toContain('text-danger');
  });
});
