import { Outlet } from 'react-router';
import { HydrateLater } from '~/components/hydrate-later';
import { Footer } from '~/layouts/footer';
import { DialogHost } from '~/layouts/dialog-host';
import { Navbar } from '~/layouts/navbar';
import { SkipLink } from '~/layouts/skip-link';

/**
 * The 2025 layout of SPEC §2: navbar, page, footer. The skip link, the navbar and the footer work
 * as plain links until the visitor reaches for them.
 */
export default function Portal2025Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <HydrateLater whenTouched>
        <SkipLink />
      </HydrateLater>
      <HydrateLater whenTouched>
        <Navbar />
      </HydrateLater>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <HydrateLater soon>
          <div className="contents">
            <Outlet />
          </div>
        </HydrateLater>
      </main>
      <HydrateLater whenTouched>
        <Footer />
      </HydrateLater>
      <DialogHost />
    </div>
  );
}
