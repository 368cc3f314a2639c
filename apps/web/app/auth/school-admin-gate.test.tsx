import { cleanup, screen } from '@testing-library/react';
import type { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { SchoolAdminNotice } from './school-admin-gate';

afterEach(cleanup);

const user = { profile: { email: 'guru@belajar.id' } } as unknown as User;

describe('the notice to a teacher who is not their school’s admin', () => {
  it('names each school, then its admins, with one colon', () => {
    renderWithProviders(
      <SchoolAdminNotice
        mode="pengajuan-akun"
        user={user}
        verdict={{
          kind: 'notSchoolAdmin',
          schools: [
            {
              npsn: 'P9999999',
              name: 'PKBM Nurul Huda',
              isAdmin: false,
              admins: [{ name: 'Budi Santoso', role: 'principal' }],
            },
          ],
        }}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item.textContent).toBe('PKBM Nurul HudaAdmin Sekolah: Budi Santoso');
    expect(item.textContent?.match(/:/g)).toHaveLength(1);
    expect(screen.getByText('PKBM Nurul Huda').className).toContain('block');
  });
});
