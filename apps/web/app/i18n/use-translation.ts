import { useMemo } from 'react';
import { useTranslation as useI18nextTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';

/** A namespace's finished texts by key; null where only i18next can answer (plurals, variables). */
type Texts = Map<string, string | null>;

/** Per i18next instance, `${language} ${namespace}` -> its texts, built on first use. */
const catalogues = new WeakMap<I18n, Map<string, Texts>>();

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function flatten(
  node: unknown,
  prefix: string,
  into: Texts,
  variables: Record<string, unknown>,
): void {
  if (typeof node === 'string') {
    const text = node.replace(PLACEHOLDER, (whole, name: string) =>
      typeof variables[name] === 'string' ? variables[name] : whole,
    );
    // Left to i18next: per-call variables, formats and nesting.
    into.set(prefix, text.includes('{{') || text.includes('$t(') ? null : text);
    return;
  }
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      flatten(value, prefix ? `${prefix}.${key}` : key, into, variables);
    }
  }
}

function textsOf(i18n: I18n, language: string, namespace: string): Texts | undefined {
  let byNamespace = catalogues.get(i18n);
  if (!byNamespace) {
    const fresh = new Map<string, Texts>();
    byNamespace = fresh;
    catalogues.set(i18n, fresh);
    // A bundle added or extended later (a language loaded, a route's namespace) is read again.
    i18n.store.on('added', (addedLanguage: string, addedNamespace: string) => {
      fresh.delete(`${addedLanguage} ${addedNamespace}`);
    });
  }
  const id = `${language} ${namespace}`;
  let texts = byNamespace.get(id);
  if (!texts) {
    const bundle = i18n.getResourceBundle(language, namespace) as unknown;
    if (!bundle) return undefined;
    texts = new Map();
    flatten(bundle, '', texts, i18n.options.interpolation?.defaultVariables ?? {});
    byNamespace.set(id, texts);
  }
  return texts;
}

/**
 * react-i18next's useTranslation, with a direct answer for the common call: a key alone whose
 * text needs nothing but the portal's default variables. i18next resolves each call through
 * its general path (namespaces, fallbacks, plurals, contexts, interpolation), about a quarter of
 * a millisecond a text on a cheap phone while the page hydrates; here it is a map lookup. Any
 * other call, or a key the language lacks (its fallback applies), goes to i18next unchanged.
 */
export function useTranslation(namespace?: string, options?: { i18n?: I18n }) {
  const { t, i18n, ready } = useI18nextTranslation(namespace, options);
  const fast = useMemo(() => {
    const language = i18n.language;
    const ns = namespace ?? (i18n.options.defaultNS as string | undefined) ?? 'translation';
    const translate = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length === 0 && typeof key === 'string') {
        const text = textsOf(i18n, language, ns)?.get(key);
        if (typeof text === 'string') return text;
      }
      return (t as unknown as (...args: unknown[]) => string)(key, ...rest);
    }) as unknown as typeof t;
    return translate;
  }, [t, i18n, namespace]);
  return { t: fast, i18n, ready };
}
