import {
  PLATFORM_AUTH_METHODS,
  PLATFORM_MESSAGES,
  PLATFORM_SCOPES,
  PlatformCreateBodySchema,
  PlatformUpdateBodySchema,
  SCOPE_CLAIMS,
  type PlatformAuthMethod,
  type PlatformClient,
  type PlatformCreateBody,
  type PlatformScope,
  type PlatformUpdateBody,
} from '@portal/contracts/platforms';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { ErrorSummary } from '~/components/error-summary';
import { FormField } from '~/components/form-field';
import { formStyles } from '~/components/form-styles';
import { useLocaliseMessage, type ShownMessage } from '~/i18n/server-messages';

/** The form's answers as typed: address lists one per line, the keys as JSON text. */
export type PlatformDraft = {
  clientId: string;
  name: string;
  logoUri: string;
  contactName: string;
  contactEmail: string;
  redirectUris: string;
  postLogoutRedirectUris: string;
  backchannelLogoutUri: string;
  scopes: PlatformScope[];
  firstParty: boolean;
  badgeSignIn: boolean;
  authMethod: PlatformAuthMethod;
  jwksUri: string;
  jwks: string;
};

export const EMPTY_PLATFORM: PlatformDraft = {
  clientId: '',
  name: '',
  logoUri: '',
  contactName: '',
  contactEmail: '',
  redirectUris: '',
  postLogoutRedirectUris: '',
  backchannelLogoutUri: '',
  scopes: ['openid'],
  firstParty: false,
  badgeSignIn: false,
  authMethod: 'client_secret_basic',
  jwksUri: '',
  jwks: '',
};

/** A registered platform's settings as the form holds them. */
export const draftOf = (platform: PlatformClient): PlatformDraft => ({
  clientId: platform.clientId,
  name: platform.name,
  logoUri: platform.logoUri ?? '',
  contactName: platform.contactName,
  contactEmail: platform.contactEmail,
  redirectUris: platform.redirectUris.join('\n'),
  postLogoutRedirectUris: platform.postLogoutRedirectUris.join('\n'),
  backchannelLogoutUri: platform.backchannelLogoutUri ?? '',
  scopes: platform.scopes,
  firstParty: platform.firstParty,
  badgeSignIn: platform.badgeSignIn,
  authMethod: platform.authMethod,
  jwksUri: platform.jwksUri ?? '',
  jwks: platform.jwks ? JSON.stringify(platform.jwks, null, 2) : '',
});

const FIELDS = [
  'name',
  'clientId',
  'logoUri',
  'contactName',
  'contactEmail',
  'redirectUris',
  'postLogoutRedirectUris',
  'backchannelLogoutUri',
  'scopes',
  'firstParty',
  'badgeSignIn',
  'authMethod',
  'jwksUri',
  'jwks',
] as const;
type Field = (typeof FIELDS)[number];
type Problems = Partial<Record<Field, ShownMessage>>;
const isField = (name: unknown): name is Field => FIELDS.includes(name as Field);

/** The element an error summary's link moves focus to: the control, or a group's first one. */
const controlId = (field: Field): string =>
  field === 'scopes'
    ? 'platform-scope-profile'
    : field === 'authMethod'
      ? `platform-auth-${PLATFORM_AUTH_METHODS[0]}`
      : `platform-${field}`;

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
const optional = (text: string) => (text.trim() === '' ? null : text);

/**
 * The body the API takes, checked by the contract's own schema: the answers a schema refuses,
 * by field (the keys' JSON is read here first: a text that is no JSON at all is refused too).
 */
function bodyOf(draft: PlatformDraft, creating: boolean) {
  const problems: Problems = {};
  const withKeys = draft.authMethod === 'private_key_jwt';
  let jwks: unknown = null;
  if (withKeys && draft.jwks.trim() !== '') {
    try {
      jwks = JSON.parse(draft.jwks);
    } catch {
      problems.jwks = PLATFORM_MESSAGES.keysInvalid;
    }
  }
  const settings = {
    name: draft.name,
    logoUri: optional(draft.logoUri),
    contactName: draft.contactName,
    contactEmail: draft.contactEmail,
    redirectUris: lines(draft.redirectUris),
    postLogoutRedirectUris: lines(draft.postLogoutRedirectUris),
    scopes: draft.scopes,
    firstParty: draft.firstParty,
    badgeSignIn: draft.badgeSignIn,
    authMethod: draft.authMethod,
    // Keys belong to private_key_jwt alone: what another method's form still holds is not sent.
    jwksUri: withKeys ? optional(draft.jwksUri) : null,
    jwks,
    backchannelLogoutUri: optional(draft.backchannelLogoutUri),
  };
  const parsed = creating
    ? PlatformCreateBodySchema.safeParse({ ...settings, clientId: draft.clientId.trim() })
    : PlatformUpdateBodySchema.safeParse(settings);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && problems[field] === undefined) problems[field] = issue.message;
    }
  }
  return parsed.success && Object.keys(problems).length === 0
    ? { body: parsed.data, problems }
    : { body: null, problems };
}

/** The API's refusal by field (`redirectUris.0` is the redirect list's); the rest stays whole. */
function apiProblems(error: unknown): { problems: Problems; general: ApiError | null } {
  if (!(error instanceof ApiError)) return { problems: {}, general: null };
  const problems: Problems = {};
  for (const item of error.fieldErrors) {
    const field = item.field.split('.')[0];
    if (isField(field) && problems[field] === undefined) {
      problems[field] = error.fieldMessage(item);
    }
  }
  if (error.id === 'platform_client_id_taken') problems.clientId = error;
  return { problems, general: Object.keys(problems).length === 0 ? error : null };
}

type PlatformFormProps =
  | {
      mode: 'create';
      initial: PlatformDraft;
      pending: boolean;
      submitLabel: string;
      onSubmit: (body: PlatformCreateBody) => Promise<unknown>;
      children?: ReactNode;
    }
  | {
      mode: 'edit';
      initial: PlatformDraft;
      pending: boolean;
      submitLabel: string;
      onSubmit: (body: PlatformUpdateBody) => Promise<unknown>;
      children?: ReactNode;
    };

/**
 * Every setting of a platform (PlatformCreateBodySchema), for a new one or a registered one (its
 * client id and authentication method then stay). Refusals, the schema's before sending and the
 * API's after, show by their field and in the summary above, in the reader's language.
 */
export function PlatformForm(props: PlatformFormProps) {
  const { mode, initial, pending, submitLabel, children } = props;
  const { t } = useTranslation('console-platforms');
  const localise = useLocaliseMessage();
  const creating = mode === 'create';
  const [draft, setDraft] = useState<PlatformDraft>(initial);
  const [checked, setChecked] = useState<Problems>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const fromApi = apiProblems(failure);
  const problems: Problems = { ...fromApi.problems, ...checked };
  const problem = (field: Field) => localise(problems[field]);
  const set = <K extends keyof PlatformDraft>(key: K, value: PlatformDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const labels: Record<Field, string> = {
    name: t('form.name'),
    clientId: t('form.clientId'),
    logoUri: t('form.logoUri'),
    contactName: t('form.contactName'),
    contactEmail: t('form.contactEmail'),
    redirectUris: t('form.redirectUris'),
    postLogoutRedirectUris: t('form.postLogoutRedirectUris'),
    backchannelLogoutUri: t('form.backchannelLogoutUri'),
    scopes: t('form.scopes'),
    firstParty: t('form.firstParty'),
    badgeSignIn: t('form.badgeSignIn'),
    authMethod: t('form.authMethod'),
    jwksUri: t('form.jwksUri'),
    jwks: t('form.jwks'),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const { body, problems: refused } = bodyOf(draft, creating);
    setChecked(refused);
    if (!body) {
      setAttempt((count) => count + 1);
      return;
    }
    const sent =
      props.mode === 'create'
        ? props.onSubmit(body as PlatformCreateBody)
        : props.onSubmit(body as PlatformUpdateBody);
    sent.catch((error: unknown) => {
      setFailure(error);
      setAttempt((count) => count + 1);
    });
  };

  const text = (
    field: 'name' | 'clientId' | 'logoUri' | 'contactName' | 'contactEmail',
    options: { hint?: string; type?: string; autoComplete?: string } = {},
  ) => (
    <FormField
      id={controlId(field)}
      label={labels[field]}
      hint={options.hint}
      error={problem(field)}
    >
      {(control) => (
        <input
          {...control}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          spellCheck={false}
          value={draft[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </FormField>
  );
  const address = (field: 'backchannelLogoutUri' | 'jwksUri', hint: string) => (
    <FormField id={controlId(field)} label={labels[field]} hint={hint} error={problem(field)}>
      {(control) => (
        <input
          {...control}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={draft[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </FormField>
  );
  const addresses = (
    field: 'redirectUris' | 'postLogoutRedirectUris' | 'jwks',
    hint: string,
    rows = 3,
  ) => (
    <FormField id={controlId(field)} label={labels[field]} hint={hint} error={problem(field)}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          spellCheck={false}
          autoCapitalize="none"
          className={`${control.className} font-mono text-sm`}
          value={draft[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </FormField>
  );

  const summaryItems = FIELDS.flatMap((field) => {
    const message = problem(field);
    return message ? [{ fieldId: controlId(field), label: labels[field], message }] : [];
  });

  return (
    <form onSubmit={submit} noValidate className="mt-4 max-w-3xl space-y-6">
      <ErrorSummary title={t('errorSummary')} items={summaryItems} attempt={attempt} />
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold">{t('form.platformPart')}</legend>
        {text('name')}
        {creating ? text('clientId', { hint: t('form.clientIdHint') }) : null}
        {text('logoUri', { hint: t('form.logoUriHint'), type: 'url' })}
        {text('contactName')}
        {text('contactEmail', { type: 'email' })}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold">{t('form.addressesPart')}</legend>
        {addresses('redirectUris', t('form.redirectUrisHint'))}
        {addresses('postLogoutRedirectUris', t('form.postLogoutRedirectUrisHint'))}
        {address('backchannelLogoutUri', t('form.backchannelLogoutUriHint'))}
      </fieldset>
      <ChoiceGroup
        id="platform-scopes"
        legend={labels.scopes}
        hint={creating ? t('form.scopesHint') : t('form.scopesHintEdit')}
        error={problem('scopes')}
      >
        {PLATFORM_SCOPES.map((scope) => {
          const claims: readonly string[] = SCOPE_CLAIMS[scope];
          return (
            <li key={scope}>
              <Choice
                id={`platform-scope-${scope}`}
                type="checkbox"
                label={<span translate="no">{scope}</span>}
                description={[
                  scope === 'openid' ? t('form.scopeAlways') : null,
                  claims.length > 0
                    ? t('form.scopeClaims', { claims: claims.join(', ') })
                    : t('form.scopeNoClaims'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                // openid is what makes it a sign-in: always allowed, never taken away.
                disabled={scope === 'openid'}
                checked={scope === 'openid' || draft.scopes.includes(scope)}
                onChange={(on) =>
                  set(
                    'scopes',
                    PLATFORM_SCOPES.filter((name) =>
                      name === scope ? on : name === 'openid' || draft.scopes.includes(name),
                    ),
                  )
                }
              />
            </li>
          );
        })}
      </ChoiceGroup>
      <div data-field>
        <Choice
          id={controlId('firstParty')}
          type="checkbox"
          label={labels.firstParty}
          description={t('form.firstPartyHint')}
          checked={draft.firstParty}
          onChange={(on) => set('firstParty', on)}
          invalid={Boolean(problem('firstParty'))}
        />
        {problem('firstParty') ? (
          <Alert variant="field-error" role={null}>
            {problem('firstParty')}
          </Alert>
        ) : null}
      </div>
      <div data-field>
        <Choice
          id={controlId('badgeSignIn')}
          type="checkbox"
          label={labels.badgeSignIn}
          description={t('form.badgeSignInHint')}
          checked={draft.badgeSignIn}
          onChange={(on) => set('badgeSignIn', on)}
          invalid={Boolean(problem('badgeSignIn'))}
        />
        {problem('badgeSignIn') ? (
          <Alert variant="field-error" role={null}>
            {problem('badgeSignIn')}
          </Alert>
        ) : null}
      </div>
      {creating ? (
        <ChoiceGroup id="platform-auth" legend={labels.authMethod} error={problem('authMethod')}>
          {PLATFORM_AUTH_METHODS.map((method) => (
            <li key={method}>
              <Choice
                id={`platform-auth-${method}`}
                type="radio"
                name="platform-auth"
                label={t(`authMethods.${method}`)}
                description={t(`authMethodHints.${method}`)}
                checked={draft.authMethod === method}
                onChange={(on) => (on ? set('authMethod', method) : undefined)}
              />
            </li>
          ))}
        </ChoiceGroup>
      ) : (
        <div>
          <p className={formStyles.label}>{labels.authMethod}</p>
          <p>{t(`authMethods.${draft.authMethod}`)}</p>
          <p className={formStyles.hint}>{t('form.authMethodFixed')}</p>
          {problem('authMethod') ? (
            <Alert variant="field-error" role={null} id={controlId('authMethod')}>
              {problem('authMethod')}
            </Alert>
          ) : null}
        </div>
      )}
      {draft.authMethod === 'private_key_jwt' ? (
        <div className="space-y-4">
          {address('jwksUri', t('form.jwksUriHint'))}
          {addresses('jwks', t('form.jwksHint'), 6)}
        </div>
      ) : null}
      {children}
      {fromApi.general ? <Alert variant="error-box">{localise(fromApi.general)}</Alert> : null}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}

/** A group of checkboxes or radios: its legend, hint and error tied to it. */
function ChoiceGroup({
  id,
  legend,
  hint,
  error,
  children,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset aria-describedby={described || undefined} data-field>
      <legend className={formStyles.label}>{legend}</legend>
      {hint ? (
        <span id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <Alert variant="field-error" id={`${id}-error`} role={null}>
          {error}
        </Alert>
      ) : null}
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">{children}</ul>
    </fieldset>
  );
}

/** One checkbox or radio with its label and a line under it, the whole box a target. */
function Choice({
  id,
  type,
  name,
  label,
  description,
  checked,
  disabled,
  invalid,
  onChange,
}: {
  id: string;
  type: 'checkbox' | 'radio';
  name?: string;
  label: ReactNode;
  description: string;
  checked: boolean;
  disabled?: boolean;
  invalid?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      htmlFor={id}
      className={`flex min-h-11 items-start gap-3 rounded-md border p-2 ${invalid ? 'border-2 border-danger' : 'border-line'}`}
    >
      <input
        id={id}
        type={type}
        name={name}
        className="mt-1 size-5 shrink-0"
        checked={checked}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span id={`${id}-description`} className="block text-sm text-muted">
          {description}
        </span>
      </span>
    </label>
  );
}
