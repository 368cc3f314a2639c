import type { InputHTMLAttributes, Ref } from 'react';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** Shown as text while the show-password toggle is pressed. */
  visible: boolean;
  autoComplete: 'current-password' | 'new-password';
  ref?: Ref<HTMLInputElement>;
};

/** A password box: no capitals or spelling fixes forced on it, paste allowed, shown on request. */
export function PasswordInput({ visible, ...props }: PasswordInputProps) {
  return (
    <input
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}
