import { hkdfSync } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG, isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  PASSKEY_MESSAGES,
  PASSKEY_POLICY,
  PASSKEY_TRANSPORTS,
  PasskeyCreationOptionsSchema,
  PasskeyRequestOptionsSchema,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyCreationOptions,
  type PasskeyRegistrationBody,
  type PasskeyRequestOptions,
} from '@portal/contracts/passkeys';
import type { AuditLog } from '../audit/audit-log';
import type { Db, Transaction } from '../db/database';
import { NotFoundError, ValidationError } from '../http/domain-errors';
import {
  createPasskeysRepository,
  ownerKey,
  type Ceremony,
  type PasskeyOwner,
  type PasskeyRow,
} from './passkeys-repository';

export type PasskeysDependencies = {
  db: Db;
  audit: Pick<AuditLog, 'record' | 'queue'>;
  /** The relying party: the web's origin, its host name, and the name authenticators show. */
  origin: string;
  rpId: string;
  rpName: string;
  /** Derives each owner's WebAuthn user handle: stable, and saying nothing about them. */
  tokenSecret: string;
};

// EdDSA, ES256, RS256: what authenticators offer; the same list for the options and the check.
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
const TIMEOUT_MS = PASSKEY_POLICY.challengeMinutes * 60_000;

const KNOWN_TRANSPORTS = new Set<string>(PASSKEY_TRANSPORTS);

/** A new credential the browser proved, not yet kept. */
export type VerifiedPasskey = Pick<
  PasskeyRow,
  'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'label'
>;

const refused = () =>
  new ValidationError([], { id: 'passkey_refused', message: PASSKEY_MESSAGES.refused });

/** The challenge a browser's answer signed, from its client data; undefined when unreadable. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

const shown = (row: PasskeyRow): Passkey => ({
  id: String(row.id),
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * WebAuthn ceremonies for any account (decision 0262), with @simplewebauthn/server: user
 * verification required, phishing-resistant by the origin and relying party the browser signs,
 * each challenge stored server-side and answered once within its minutes. The rules of who may
 * hold a passkey and what one signs in to are the callers' (staff's second factor).
 */
export function createPasskeysService(deps: PasskeysDependencies) {
  const { db, audit } = deps;
  const userHandle = (owner: PasskeyOwner) =>
    new Uint8Array(
      hkdfSync('sha256', deps.tokenSecret, 'portal', `passkey-user:${ownerKey(owner)}`, 32),
    );
  const record = (owner: PasskeyOwner, action: string, outcome: string, ip: string) =>
    audit.queue({ action, outcome, actor: ownerKey(owner), userType: owner.kind, ip });

  /** Spends the challenge the answer signed; false when it was not this owner's open one. */
  async function spend(
    repository: ReturnType<typeof createPasskeysRepository>,
    owner: PasskeyOwner,
    ceremony: Ceremony,
    clientDataJSON: string,
  ): Promise<string | undefined> {
    const challenge = challengeOf(clientDataJSON);
    if (challenge === undefined) return undefined;
    return (await repository.takeChallenge(owner, ceremony, challenge)) ? challenge : undefined;
  }

  /**
   * Checks the browser's new credential against the owner's open challenge, which is spent
   * right or wrong (outside any caller's transaction, so a refusal cannot give it back).
   */
  async function verifyRegistration(
    owner: PasskeyOwner,
    body: PasskeyRegistrationBody,
    ip: string,
  ): Promise<VerifiedPasskey> {
    const repository = createPasskeysRepository(db);
    const challenge = await spend(
      repository,
      owner,
      'registration',
      body.credential.response.clientDataJSON,
    );
    const verification = challenge
      ? await verifyRegistrationResponse({
          response: body.credential,
          expectedChallenge: challenge,
          expectedOrigin: deps.origin,
          expectedRPID: deps.rpId,
          requireUserVerification: true,
          supportedAlgorithmIDs: ALGORITHMS,
        }).catch(() => undefined)
      : undefined;
    if (!verification?.verified) {
      record(owner, 'passkey-add', 'refused', ip);
      throw refused();
    }
    const { credential } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      signCount: credential.counter,
      // Only the ways the options may name again: the browser's list is its own.
      transports: (credential.transports ?? []).filter((name) => KNOWN_TRANSPORTS.has(name)),
      label: body.label || null,
    };
  }

  /** Keeps a verified credential, in the caller's transaction when it has one. */
  async function keep(
    owner: PasskeyOwner,
    verified: VerifiedPasskey,
    ip: string,
    tx: Db | Transaction = db,
  ): Promise<Passkey> {
    const repository = createPasskeysRepository(tx);
    // Two registrations at once could each pass the options' count: checked again here.
    if ((await repository.count(owner)) >= PASSKEY_POLICY.maxPerAccount) throw limitReached();
    const row = await repository.insert(owner, verified);
    // The authenticator holds a credential registered already (the options exclude the
    // owner's own, so another account's).
    if (!row) {
      record(owner, 'passkey-add', 'refused', ip);
      throw refused();
    }
    record(owner, 'passkey-add', 'added', ip);
    return shown(row);
  }

  return {
    verifyRegistration,
    keep,

    async list(owner: PasskeyOwner): Promise<Passkey[]> {
      return (await createPasskeysRepository(db).list(owner)).map(shown);
    },

    async count(owner: PasskeyOwner, tx: Db | Transaction = db): Promise<number> {
      return createPasskeysRepository(tx).count(owner);
    },

    /**
     * What the browser needs to create a passkey; `user.name` is what authenticators show in
     * their account choosers. The owner's passkeys are excluded (one per authenticator).
     */
    async registrationOptions(
      owner: PasskeyOwner,
      user: { name: string; displayName: string },
    ): Promise<PasskeyCreationOptions> {
      const repository = createPasskeysRepository(db);
      const held = await repository.list(owner);
      if (held.length >= PASSKEY_POLICY.maxPerAccount) throw limitReached();
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID: deps.rpId,
        userName: user.name,
        userDisplayName: user.displayName,
        userID: userHandle(owner),
        timeout: TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: held.map((row) => ({
          id: row.credentialId,
          transports: row.transports,
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await repository.openChallenge(
        owner,
        'registration',
        options.challenge,
        PASSKEY_POLICY.challengeMinutes,
      );
      return PasskeyCreationOptionsSchema.parse(options);
    },

    /** Verifies the browser's new credential against the open challenge and keeps it. */
    async register(
      owner: PasskeyOwner,
      body: PasskeyRegistrationBody,
      ip: string,
    ): Promise<Passkey> {
      return keep(owner, await verifyRegistration(owner, body, ip), ip);
    },

    /** Removes one of the owner's passkeys; a 404 for any other id. */
    async remove(
      owner: PasskeyOwner,
      id: number,
      ip: string,
      tx: Db | Transaction = db,
    ): Promise<void> {
      if (!(await createPasskeysRepository(tx).remove(owner, id))) {
        throw new NotFoundError({ id: 'passkey_not_found', message: PASSKEY_MESSAGES.notFound });
      }
      record(owner, 'passkey-remove', 'removed', ip);
    },

    /** What the browser needs to sign with one of the owner's passkeys; undefined: none held. */
    async authenticationOptions(owner: PasskeyOwner): Promise<PasskeyRequestOptions | undefined> {
      const repository = createPasskeysRepository(db);
      const held = await repository.list(owner);
      if (held.length === 0) return undefined;
      const options = await generateAuthenticationOptions({
        rpID: deps.rpId,
        allowCredentials: held.map((row) => ({ id: row.credentialId, transports: row.transports })),
        userVerification: 'required',
        timeout: TIMEOUT_MS,
      });
      await repository.openChallenge(
        owner,
        'authentication',
        options.challenge,
        PASSKEY_POLICY.challengeMinutes,
      );
      return PasskeyRequestOptionsSchema.parse(options);
    },

    /**
     * Whether the answer is the owner's open challenge signed by one of the owner's passkeys,
     * with the person verified and the signature counter raised. In the caller's transaction
     * (the sign-in's, which counts failures): the challenge is spent, right or wrong. Answers
     * whether the passkey is backed up (synced by a provider: RFC 8176's `swk`) or bound to its
     * device (`hwk`); undefined when it did not verify.
     */
    async verifyAuthentication(
      owner: PasskeyOwner,
      response: PasskeyAuthenticationResponse,
      tx: Db | Transaction = db,
    ): Promise<{ backedUp: boolean } | undefined> {
      const repository = createPasskeysRepository(tx);
      const challenge = await spend(
        repository,
        owner,
        'authentication',
        response.response.clientDataJSON,
      );
      const passkey = challenge ? await repository.byCredentialId(owner, response.id) : undefined;
      if (!challenge || !passkey) return undefined;
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: deps.origin,
        expectedRPID: deps.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.signCount,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verification?.verified) return undefined;
      await repository.recordUse(passkey.id, verification.authenticationInfo.newCounter);
      return { backedUp: verification.authenticationInfo.credentialBackedUp };
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;

const limitReached = () =>
  new ValidationError([], {
    id: 'passkey_limit',
    message: PASSKEY_MESSAGES.limit(PASSKEY_POLICY.maxPerAccount),
  });
