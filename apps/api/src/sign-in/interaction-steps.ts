import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_SCOPES, type PlatformScope } from '@portal/contracts/platforms';
import {
  ASSURANCE_LEVELS,
  AUTHENTICATION_METHODS,
  SignInStepSchema,
  type SignInResult,
  type SignInStep,
} from '@portal/contracts/sign-in';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { z } from 'zod';
import { DomainError, UnauthorizedError } from '../http/domain-errors';
import type { Providers } from './oidc-provider';
import type { SecondFactorMethod, SignInService } from './sign-in-service';

// The provider's interaction as its steps see it, shared by the JSON calls and the
// server-rendered pages: one set of rules for where an interaction stands and how it moves on.

/** The client an interaction signs in to: named in the sign-in's audit events. */
export const clientOf = (interaction: Interaction): string =>
  String(interaction.params['client_id'] ?? '');

/** The origin the interaction's authorization code goes to (its checked `redirect_uri`). */
export function redirectOrigin(interaction: Interaction): string | null {
  const uri = interaction.params['redirect_uri'];
  if (typeof uri !== 'string') return null;
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/** What a consent page shows: the scopes asked for and not yet agreed to, in a fixed order. */
export function consentScopes(interaction: Interaction, also: readonly string[]): PlatformScope[] {
  const missing = (interaction.prompt.details as { missingOIDCScope?: unknown }).missingOIDCScope;
  const asked = [...(Array.isArray(missing) ? missing.map(String) : []), ...also];
  return PLATFORM_SCOPES.filter((scope) => asked.includes(scope));
}

type Pending = { accountId: string; step: SignInStep };
export type FoundInteraction = { provider: Provider; interaction: Interaction };

/**
 * The account whose password was right and the step it is at, kept on the interaction itself
 * (in the database, so any instance answers the next call); the sign-in ends only after it.
 */
export function pendingOf(interaction: Interaction): Pending | undefined {
  const pending = (interaction.result as { pending?: unknown } | undefined)?.pending;
  const parsed = z.object({ accountId: z.string(), step: SignInStepSchema }).safeParse(pending);
  return parsed.success ? parsed.data : undefined;
}

export function interactionSteps(providers: Providers) {
  /** The interaction of this browser (its cookie) with this uid, or a 401 to start again. */
  async function interactionOf(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
  ): Promise<FoundInteraction> {
    const provider = providers.provider();
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid !== uid) throw new UnauthorizedError();
      return { provider, interaction };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The provider's SessionNotFound: no cookie, an expired or ended interaction.
      throw new UnauthorizedError();
    }
  }

  /** The interaction at this step, or a 401 to start again. */
  async function atStep(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    step: SignInStep,
  ) {
    const found = await interactionOf(request, reply, uid);
    const pending = pendingOf(found.interaction);
    if (found.interaction.prompt.name !== 'login' || pending?.step !== step)
      throw new UnauthorizedError();
    return { ...found, accountId: pending.accountId };
  }

  /**
   * Moves the interaction on: to its next step, or back to the provider when none is left, saying
   * how the person signed in (decision 0269): `amr` of RFC 8176 (`pwd`, and `otp`, `hwk` or
   * `swk` for the second factor) and `acr`, AAL2 with a second factor, AAL1 without.
   */
  async function advance(
    request: FastifyRequest,
    reply: FastifyReply,
    { provider, interaction }: FoundInteraction,
    accountId: string,
    step: SignInStep | null,
    secondFactor?: SecondFactorMethod,
  ): Promise<SignInResult> {
    if (step) {
      interaction.result = { pending: { accountId, step } };
      await interaction.persist();
      return { step };
    }
    const amr = secondFactor
      ? [AUTHENTICATION_METHODS.password, secondFactor]
      : [AUTHENTICATION_METHODS.password];
    const acr = secondFactor ? ASSURANCE_LEVELS.aal2 : ASSURANCE_LEVELS.aal1;
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, amr, acr } },
      { mergeWithLastSubmission: false },
    );
    return { redirectTo };
  }

  /**
   * The person's answer on a platform's consent page: allowed (remembered until withdrawn, and
   * audited) or declined (the platform gets `access_denied`). Answers where the browser goes.
   */
  async function answerConsent(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    decision: 'allow' | 'deny',
    service: Pick<SignInService, 'recordConsent' | 'recordConsentDeclined'>,
  ): Promise<{ redirectTo: string }> {
    const { provider, interaction } = await interactionOf(request, reply, uid);
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name !== 'consent' || !accountId) throw new UnauthorizedError();
    const clientId = String(interaction.params['client_id'] ?? '');
    if (decision === 'deny') {
      service.recordConsentDeclined(clientId, request.ip);
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The person declined the consent.' },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    }
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) throw new UnauthorizedError();
    const scopes = details.missingOIDCScope ?? [];
    if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
    if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
    const grantId = await grant.save();
    // Offline access was on the page when the registration has it (see the details above):
    // the connection remembers it with the rest, so the profile lists what was agreed to.
    const client = await provider.Client.find(clientId);
    await service.recordConsent(
      accountId,
      clientId,
      [
        ...(grant.getOIDCScope() ?? '').split(' ').filter(Boolean),
        ...(client?.grantTypeAllowed('refresh_token') ? ['offline_access'] : []),
      ],
      request.ip,
    );
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    return { redirectTo };
  }

  return { interactionOf, atStep, advance, answerConsent };
}
export type InteractionSteps = ReturnType<typeof interactionSteps>;
