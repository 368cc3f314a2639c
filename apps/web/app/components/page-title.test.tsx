import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { DocumentTitle, PageTitle } from '~/components/page-title';

const BASE = 'Akun belajar.id | Kemendikdasmen';

describe('PageTitle and DocumentTitle', () => {
  it('hydrates the prerendered title element and follows the page that is shown', () => {
    document.head.innerHTML = `<title>${BASE}</title>`;
    const prerendered = document.head.querySelector('title');
    act(() => {
      hydrateRoot(document.head, <DocumentTitle />);
    });
    const view = render(<PageTitle />);
    expect(document.title).toBe(BASE);
    expect(document.head.querySelector('title')).toBe(prerendered);

    act(() => view.rerender(<PageTitle title="Pertanyaan Umum" />));
    expect(document.title).toBe(`Pertanyaan Umum | ${BASE}`);
    act(() => view.rerender(<PageTitle />));
    expect(document.title).toBe(BASE);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelector('title')).toBe(prerendered);
    view.unmount();
  });
});
