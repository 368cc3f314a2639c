import { index, layout, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

// Paths mirror WEB_ROUTES in @portal/contracts/web-routes (checked by routes.test.ts).
export default [
  layout('layouts/portal-2025-layout.tsx', [
    index('routes/home.tsx'),
    route('home', 'routes/legacy-home.tsx'),
    route('account/lookup/v2', 'routes/account-lookup.tsx'),
    route('account/dinas', 'routes/office-request.tsx'),
    route('account/deletion-report', 'routes/deletion-report.tsx'),
    route('webinar', 'routes/webinar.tsx'),
    route('resources', 'routes/resources.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('oldhomepage', 'routes/oldhomepage.tsx'),
    route('reset-password/otp', 'routes/reset-password-otp.tsx'),
    route('reset-password/new-password', 'routes/reset-password-new.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('statistik', 'routes/public-statistics.tsx'),
    // The account holder's home: one page per section (PROFILE_SECTION_PAGES).
    route('profile', 'routes/profile.tsx', [
      index('routes/profile-account.tsx'),
      route('email-pribadi', 'routes/profile-personal-email.tsx'),
      route('kata-sandi', 'routes/profile-password.tsx'),
      route('metode-masuk', 'routes/profile-sign-in-methods.tsx'),
      route('perangkat', 'routes/profile-sessions.tsx'),
      route('platform-terhubung', 'routes/profile-connected-platforms.tsx'),
      route('data-saya', 'routes/profile-data.tsx'),
    ]),
  ]),
  layout('layouts/blank-layout.tsx', [
    route('auth/logout/callback', 'routes/sign-out-callback.tsx'),
    route('eligible/peserta-didik', 'routes/student-eligibility.tsx'),
    route('admin', 'routes/school-admin-portal.tsx'),
    route('admin/kartu-masuk', 'routes/school-admin-badges.tsx'),
    route('konsol/undangan', 'routes/console-invitation.tsx'),
    route('konsol', 'routes/console.tsx', [
      index('routes/console-home.tsx'),
      route('pengajuan-dinas', 'routes/console-office-requests.tsx'),
      route('pengajuan-dinas/:id', 'routes/console-office-request.tsx'),
      route('kode-referral', 'routes/console-referral-codes.tsx'),
      route('pengumuman', 'routes/console-announcements.tsx'),
      route('fitur', 'routes/console-toggles.tsx'),
      route('statistik', 'routes/console-statistics.tsx'),
      route('penghapusan', 'routes/console-deletions.tsx'),
      route('staf', 'routes/console-staff.tsx'),
      route('staf/:id', 'routes/console-staff-member.tsx'),
      route('audit', 'routes/console-audit.tsx'),
      route('platform', 'routes/console-platforms.tsx'),
      route('platform/:clientId', 'routes/console-platform.tsx'),
      route('akun', 'routes/console-own-account.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
