import { LANGUAGE_COOKIE } from '@portal/contracts/sign-in-pages';

/**
 * Tells the server the visitor's language: the provider's sign-in pages are rendered there and
 * cannot read the choice the site keeps in the browser's storage.
 */
export function rememberLanguageForServer(language: string): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
