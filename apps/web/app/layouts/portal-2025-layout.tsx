import { Outlet } from 'react-router';
import { HYDRATION_TURNS, HydrateLater } from '~/components/hydrate-later';
import { Footer } from '~/layouts/footer';
import { DialogHost } from '~/layouts/dialog-host';
import { Navbar } from '~/layouts/navbar';
import { SkipLink } from '~/layouts/skip-link';

/** The 2025 layout of SPEC §2: navbar, page, footer. */
export default function Portal2025Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <HydrateLater turn={HYDRATION_TURNS.skipLink}>
        <SkipLink />
      </HydrateLater>
      <HydrateLater turn={HYDRATION_TURNS.navbar}>
        <Navbar />
      </HydrateLater>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <HydrateLater whenVisible>
        <Footer />
      </HydrateLater>
      <DialogHost />
    </div>
  );
}
