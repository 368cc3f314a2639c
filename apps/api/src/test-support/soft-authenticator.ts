import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from '@portal/contracts/passkeys';

// A WebAuthn authenticator in a few lines of node:crypto, for the passkey suites: it answers
// the server's options as a browser with a platform authenticator would (ES256 keys, `none`
// attestation, packed authenticator data), and lets a test bend one thing a browser would not
// (the origin, the challenge, the user verification flag, the counter).

/** The smallest CBOR encoder the answers need (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item as Uint8Array)]),
  ]);
}

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 } as const;

const encode = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

type Bend = {
  /** The page's origin as the browser reports it; the relying party's own by default. */
  origin?: string;
  /** The relying party id the authenticator signs for; the options' by default. */
  rpId?: string;
  /** Another challenge than the options' one. */
  challenge?: string;
  /** False: the person was present but not verified (no PIN, no biometrics). */
  userVerified?: boolean;
};

type Credential = { id: Buffer; privateKey: KeyObject; counter: number };

/** A platform authenticator holding ES256 passkeys, answering for pages of `origin`. */
export function createSoftAuthenticator(origin: string) {
  const credentials: Credential[] = [];
  const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();
  const flagsOf = (bend: Bend, extra = 0) =>
    FLAGS.userPresent | (bend.userVerified === false ? 0 : FLAGS.userVerified) | extra;
  const clientData = (type: string, challenge: string, bend: Bend) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? origin,
        crossOrigin: false,
      }),
    );
  const counterBytes = (counter: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  return {
    /** The passkeys it holds, newest last. */
    credentials,

    /** `navigator.credentials.create()`: a new ES256 passkey for the options' relying party. */
    register(options: PasskeyCreationOptions, bend: Bend = {}): PasskeyRegistrationResponse {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = cbor(
        new Map<number, unknown>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const id = randomBytes(32);
      const credentialIdLength = Buffer.alloc(2);
      credentialIdLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        rpIdHash(bend.rpId ?? options.rp.id ?? ''),
        Buffer.from([flagsOf(bend, FLAGS.attestedData)]),
        counterBytes(0),
        Buffer.alloc(16), // AAGUID: none said
        credentialIdLength,
        id,
        coseKey,
      ]);
      credentials.push({ id, privateKey, counter: 0 });
      return {
        id: encode(id),
        rawId: encode(id),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: encode(clientData('webauthn.create', options.challenge, bend)),
          attestationObject: encode(
            cbor(
              new Map<string, unknown>([
                ['fmt', 'none'],
                ['attStmt', new Map()],
                ['authData', authData],
              ]),
            ),
          ),
          transports: ['internal'],
        },
      };
    },

    /**
     * `navigator.credentials.get()`: the challenge signed by the first passkey the options
     * allow (or `credential`), its counter raised by one unless `counter` says otherwise.
     */
    authenticate(
      options: PasskeyRequestOptions,
      bend: Bend & { credential?: Credential; counter?: number } = {},
    ): PasskeyAuthenticationResponse {
      const allowed = new Set(options.allowCredentials?.map((item) => item.id));
      const credential =
        bend.credential ?? credentials.find((item) => allowed.has(encode(item.id)));
      if (!credential) throw new Error('the authenticator holds no passkey the options allow');
      credential.counter = bend.counter ?? credential.counter + 1;
      const authenticatorData = Buffer.concat([
        rpIdHash(bend.rpId ?? options.rpId ?? ''),
        Buffer.from([flagsOf(bend)]),
        counterBytes(credential.counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, bend);
      const signed = Buffer.concat([
        authenticatorData,
        createHash('sha256').update(clientDataJSON).digest(),
      ]);
      return {
        id: encode(credential.id),
        rawId: encode(credential.id),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: encode(clientDataJSON),
          authenticatorData: encode(authenticatorData),
          // ES256 signatures travel DER-encoded, as node:crypto makes them.
          signature: encode(sign('sha256', signed, credential.privateKey)),
        },
      };
    },
  };
}
export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
