import type { ButtonHTMLAttributes, MouseEvent } from 'react';

/**
 * A button whose request is running. It is not `disabled`, because a focused button that turns
 * disabled drops focus to the page and a screen reader loses its place; it says so with
 * `aria-disabled` instead, and a click does nothing: no `onClick`, and no form submission (Enter
 * in a field submits through the default button's click as well).
 */
export function PendingButton({
  pending,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean }) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (pending) event.preventDefault();
    else onClick?.(event);
  };
  return <button {...props} aria-disabled={pending || undefined} onClick={click} />;
}
