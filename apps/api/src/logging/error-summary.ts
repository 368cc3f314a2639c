/**
 * One line for a command's console: name, message and code only. A driver error's detail and
 * COPY context quote row values, which may be personal data.
 */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as { code?: unknown }).code;
  return `${error.name}: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}`;
}
