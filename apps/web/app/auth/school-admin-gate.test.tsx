import { cleanup, screen } from '@testing-library/react';
import type { SessionUser } from '~/auth/auth-client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/test-support/render-with-providers';
import { SchoolAdminNotice } from './school-admin-gate';

afterEach(cleanup);

const user: SessionUser = {
  profile: { sub: '7', email: 'guru@belajar.id' },
  expires_at: 4_102_444_800,
};

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
