import { Outlet } from 'react-router';
import { LanguageSwitch } from '~/components/language-switch';
import { DialogHost } from '~/layouts/dialog-host';
import { SkipLink } from '~/layouts/skip-link';

/** The blank layout of SPEC §2: no navbar or footer, only the page and the language switch. */
export default function BlankLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="flex justify-end p-2">
        <LanguageSwitch />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <DialogHost />
    </div>
  );
}
