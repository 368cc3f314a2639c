import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingButton } from './pending-button';

afterEach(cleanup);

const form = (pending: boolean, onClick = vi.fn(), onSubmit = vi.fn()) => (
  <form
    onSubmit={(event) => {
      event.preventDefault();
      onSubmit();
    }}
  >
    <input aria-label="Name" />
    <PendingButton type="submit" pending={pending} onClick={onClick}>
      Save
    </PendingButton>
  </form>
);

describe('the pending button', () => {
  it('keeps focus when its request starts, and says it is unavailable', () => {
    const { rerender } = render(form(false));
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    rerender(form(true));
    expect(document.activeElement).toBe(button);
    // jsdom leaves focus on a button that turns disabled, where a browser drops it to the page:
    // so the button must also still take focus, which a disabled one cannot.
    screen.getByRole('textbox', { name: 'Name' }).focus();
    button.focus();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('neither acts nor submits its form while pending', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn();
    render(form(true, onClick, onSubmit));
    // The click reaches the button, which cancels it: a disabled button would not see it at all.
    expect(fireEvent.click(screen.getByRole('button', { name: 'Save' }))).toBe(false);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('acts and submits its form otherwise', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn();
    render(form(false, onClick, onSubmit));
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(fireEvent.click(button)).toBe(true);
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
