import { useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';

/** One link of a section menu: where it goes and what it says. */
export type SectionMenuLink = { key: string; to: string; text: string };

/**
 * A menu of an area's sections (the console's, the profile's). Below `md` a disclosure button
 * names the current section and opens the list, so a phone shows the page first and a keyboard
 * reaches it without passing every link; a navigation closes the list, and Escape closes it
 * and returns focus to the button. Wider screens show the list. The current section's link
 * carries `aria-current="page"` (NavLink).
 */
export function SectionMenu({
  label,
  toggleText,
  links,
  end = false,
  className,
  listClassName,
  linkClassName,
  heading,
  after,
}: {
  /** The navigation landmark's name. */
  label: string;
  /** What the phone's button says: the current section, or the menu's name. */
  toggleText: string;
  links: readonly SectionMenuLink[];
  /** Mark a link current only on its own page, not on the pages below it. */
  end?: boolean;
  className?: string;
  listClassName: (open: boolean) => string;
  linkClassName: (isActive: boolean) => string;
  /** Shown above the list on wider screens. */
  heading?: ReactNode;
  /** Shown after the list, outside what the button opens. */
  after?: ReactNode;
}) {
  const { pathname } = useLocation();
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // A navigation closes the list, adjusted during render as React advises.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  return (
    <nav
      aria-label={label}
      className={className}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      {heading}
      <button
        ref={button}
        type="button"
        className="btn btn-secondary w-full justify-between md:hidden"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span>{toggleText}</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul id={listId} className={listClassName(open)}>
        {links.map((link) => (
          <li key={link.key}>
            <NavLink to={link.to} end={end} className={({ isActive }) => linkClassName(isActive)}>
              {link.text}
            </NavLink>
          </li>
        ))}
      </ul>
      {after}
    </nav>
  );
}
