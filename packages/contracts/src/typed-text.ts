import { z } from 'zod';

export const TYPED_TEXT_MESSAGES = {
  controlCharacters: 'Isian memuat karakter yang tidak dapat dipakai. Ketik ulang isian ini.',
} as const;

// C0 controls (NUL among them), DEL and C1 controls (NEL among them): nothing a person means to
// type, and PostgreSQL refuses NUL in text outright (decision 0240).
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// The same, less the tab and the line breaks (\t, \n, \r) a multi-line text keeps.
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Half of a surrogate pair is no character at all: stored, it would silently become U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `multi` keeps tabs and line breaks: reasons, Markdown. Everything else is `single`. */
export type TextLines = 'single' | 'multi';

/**
 * Whether a text holds nothing but characters a person can mean to type (decision 0240). A
 * single line may still end in the whitespace `.trim()` removes: a pasted name often does.
 */
export const isTypedText = (value: string, lines: TextLines = 'single'): boolean =>
  lines === 'multi'
    ? !CONTROL_BUT_LINE_BREAKS.test(value) && !LONE_SURROGATE.test(value)
    : !CONTROL.test(value.trim()) && !LONE_SURROGATE.test(value);

/**
 * The one schema every free-text string of a request starts from: a string refused, with an
 * Indonesian message, when it holds a control character. Chain the field's `.trim()`, length
 * and format checks after it. `error` is the message for a value that is not a string at all.
 */
export const typedText = ({
  lines = 'single',
  error,
}: { lines?: TextLines; error?: string } = {}) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine((value) => isTypedText(value, lines), TYPED_TEXT_MESSAGES.controlCharacters);
