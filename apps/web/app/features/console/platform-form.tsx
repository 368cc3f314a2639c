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
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '~/api/api-client';
import { Alert } from '~/components/alert';
import { contractResolver } from '~/components/contract-resolver';
import { ErrorSummary } from '~/components/error-summary';
import { FormField } from '~/components/form-field';
import { formStyles } from '~/components/form-styles';
import { fromFormError, toFormError, useLocaliseMessage } from '~/i18n/server-messages';
import { PendingButton } from '~/components/pending-button';

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

/** The keys typed as JSON: `null` when none are given or belong, `undefined` when no JSON. */
function keysOf(draft: PlatformDraft): unknown {
  if (draft.authMethod !== 'private_key_jwt' || draft.jwks.trim() === '') return null;
  try {
    return JSON.parse(draft.jwks) as unknown;
  } catch {
    return undefined;
  }
}

/** The settings as the API takes them, for the contract's schema to check. */
const settingsOf = (draft: PlatformDraft) => {
  const withKeys = draft.authMethod === 'private_key_jwt';
  return {
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
    jwks: keysOf(draft) ?? null,
    backchannelLogoutUri: optional(draft.backchannelLogoutUri),
  };
};

type CreateBody = z.output<typeof PlatformCreateBodySchema>;
type UpdateBody = z.output<typeof PlatformUpdateBodySchema>;

/**
 * The contract's own check of the answers; keys that are no JSON at all are refused first, on
 * their field, whatever the schema says of the rest.
 */
function platformResolver<Body>(
  schema: z.ZodType<Body>,
  toBody: (draft: PlatformDraft) => unknown,
): Resolver<PlatformDraft, unknown, Body> {
  const checked = contractResolver<PlatformDraft, Body>(schema, toBody);
  return async (draft, context, options) => {
    const result = await checked(draft, context, options);
    if (keysOf(draft) !== undefined) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        jwks: { type: 'custom', message: PLATFORM_MESSAGES.keysInvalid },
      },
    };
  };
}
const createResolver = platformResolver<CreateBody>(PlatformCreateBodySchema, (draft) => ({
  ...settingsOf(draft),
  clientId: draft.clientId.trim(),
}));
const updateResolver = platformResolver<UpdateBody>(PlatformUpdateBodySchema, settingsOf);

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
  const {
    register,
    control: form,
    handleSubmit,
    setError,
    watch,
    formState: { errors, submitCount },
  } = useForm<PlatformDraft, unknown, CreateBody | UpdateBody>({
    defaultValues: initial,
    resolver: creating ? createResolver : updateResolver,
    shouldFocusError: false,
  });
  const [general, setGeneral] = useState<ApiError | null>(null);
  const authMethod = watch('authMethod');
  const problem = (field: Field) =>
    localise(fromFormError(errors[field] as { type: string; message?: string } | undefined));
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

  const submit = handleSubmit(async (body) => {
    try {
      await (props.mode === 'create'
        ? props.onSubmit(body as PlatformCreateBody)
        : props.onSubmit(body as PlatformUpdateBody));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      // The API's refusal by field (`redirectUris.0` is the redirect list's), a field's first
      // problem the one it shows; a refusal of no field stays whole, under the form.
      const fields = error.fieldErrors.filter((item) => isField(item.field.split('.')[0]));
      for (const item of [...fields].reverse()) {
        setError(item.field.split('.')[0] as Field, toFormError(error.fieldMessage(item)));
      }
      if (error.id === 'platform_client_id_taken') setError('clientId', toFormError(error));
      else if (fields.length === 0) setGeneral(error);
    }
  });

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
          {...register(field)}
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
          {...register(field)}
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
          {...register(field)}
        />
      )}
    </FormField>
  );
  const toggle = (field: 'firstParty' | 'badgeSignIn', hint: string) => (
    <div data-field>
      <Controller
        control={form}
        name={field}
        render={({ field: box }) => (
          <Choice
            id={controlId(field)}
            type="checkbox"
            label={labels[field]}
            description={hint}
            checked={box.value}
            onChange={box.onChange}
            invalid={Boolean(problem(field))}
          />
        )}
      />
      {problem(field) ? (
        <Alert variant="field-error" role={null}>
          {problem(field)}
        </Alert>
      ) : null}
    </div>
  );

  const summaryItems = FIELDS.flatMap((field) => {
    const message = problem(field);
    return message ? [{ fieldId: controlId(field), label: labels[field], message }] : [];
  });

  return (
    <form
      onSubmit={(event) => {
        setGeneral(null);
        void submit(event);
      }}
      noValidate
      className="mt-4 max-w-3xl space-y-6"
    >
      <ErrorSummary title={t('errorSummary')} items={summaryItems} attempt={submitCount} />
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
        <Controller
          control={form}
          name="scopes"
          render={({ field: scopes }) => (
            <>
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
                      checked={scope === 'openid' || scopes.value.includes(scope)}
                      onChange={(on) =>
                        scopes.onChange(
                          PLATFORM_SCOPES.filter((name) =>
                            name === scope ? on : name === 'openid' || scopes.value.includes(name),
                          ),
                        )
                      }
                    />
                  </li>
                );
              })}
            </>
          )}
        />
      </ChoiceGroup>
      {toggle('firstParty', t('form.firstPartyHint'))}
      {toggle('badgeSignIn', t('form.badgeSignInHint'))}
      {creating ? (
        <ChoiceGroup id="platform-auth" legend={labels.authMethod} error={problem('authMethod')}>
          <Controller
            control={form}
            name="authMethod"
            render={({ field: chosen }) => (
              <>
                {PLATFORM_AUTH_METHODS.map((method) => (
                  <li key={method}>
                    <Choice
                      id={`platform-auth-${method}`}
                      type="radio"
                      name="platform-auth"
                      label={t(`authMethods.${method}`)}
                      description={t(`authMethodHints.${method}`)}
                      checked={chosen.value === method}
                      onChange={(on) => (on ? chosen.onChange(method) : undefined)}
                    />
                  </li>
                ))}
              </>
            )}
          />
        </ChoiceGroup>
      ) : (
        <div>
          <p className={formStyles.label}>{labels.authMethod}</p>
          <p>{t(`authMethods.${authMethod}`)}</p>
          <p className={formStyles.hint}>{t('form.authMethodFixed')}</p>
          {problem('authMethod') ? (
            <Alert variant="field-error" role={null} id={controlId('authMethod')}>
              {problem('authMethod')}
            </Alert>
          ) : null}
        </div>
      )}
      {authMethod === 'private_key_jwt' ? (
        <div className="space-y-4">
          {address('jwksUri', t('form.jwksUriHint'))}
          {addresses('jwks', t('form.jwksHint'), 6)}
        </div>
      ) : null}
      {children}
      {general ? <Alert variant="error-box">{localise(general)}</Alert> : null}
      <PendingButton type="submit" className="btn btn-primary" pending={pending}>
        {submitLabel}
      </PendingButton>
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
