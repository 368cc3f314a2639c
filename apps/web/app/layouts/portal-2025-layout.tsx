import { Outlet } from 'react-router';
import { AnnouncementBar } from '~/announcements/announcement-bar';
import { Footer } from '~/layouts/footer';
import { DialogHost } from '~/layouts/dialog-host';
import { Navbar } from '~/layouts/navbar';
import { SkipLink } from '~/layouts/skip-link';

/** The 2025 layout of SPEC §2: navbar, page, footer. */
export default function Portal2025Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <DialogHost />
      <AnnouncementBar />
    </div>
  );
}
