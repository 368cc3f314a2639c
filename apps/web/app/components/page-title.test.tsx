import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageTitle } from '~/components/page-title';

const BASE = 'Akun belajar.id | Kemendikdasmen';

describe('PageTitle', () => {
  it('puts one title in the head that follows the page that is shown', () => {
    const view = render(<PageTitle />);
    expect(document.title).toBe(BASE);
    view.rerender(<PageTitle title="Pertanyaan Umum" />);
    expect(document.title).toBe(`Pertanyaan Umum | ${BASE}`);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.body.querySelector('title')).toBeNull();
    view.unmount();
  });
});
