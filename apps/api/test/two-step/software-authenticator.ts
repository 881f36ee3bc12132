import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A software WebAuthn authenticator for tests: one EC P-256 (ES256) credential made in Node,
 * answering registration options with "none" attestation and authentication options with a signed
 * assertion, in the JSON shape `@simplewebauthn/browser` hands to the site (base64url fields).
 * What a browser and a real authenticator would check on their side (the RP ID against the page)
 * is not checked here: tests use the overrides to send what an attacker could.
 */

// --- A small CBOR encoder (RFC 8949): only what an attestation object and a COSE key need. ---

type CborValue = number | string | Uint8Array | CborMap;
type CborMap = Map<CborValue, CborValue>;

function cborHead(major: number, argument: number): Buffer {
  if (argument < 24) return Buffer.from([(major << 5) | argument]);
  if (argument < 0x100) return Buffer.from([(major << 5) | 24, argument]);
  if (argument < 0x10000) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(argument, 1);
    return head;
  }
  if (argument <= 0xffffffff) {
    const head = Buffer.alloc(5);
    head[0] = (major << 5) | 26;
    head.writeUInt32BE(argument, 1);
    return head;
  }
  throw new RangeError(`CBOR argument too large for this encoder: ${argument}`);
}

export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${value}`);
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts: Buffer[] = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

// --- Authenticator data (WebAuthn §6.1). ---

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array): string => Buffer.from(data).toString('base64url');

export interface AuthenticatorOptions {
  /** The page's origin the browser would put in clientDataJSON, e.g. `http://localhost:3000`. */
  origin: string;
  /** The relying party ID whose hash starts the authenticator data; the origin's host name by default. */
  rpId?: string;
  /** Whether the authenticator keeps a signature counter (some passkeys always send 0). */
  keepsCounter?: boolean;
}

export interface AssertionOverrides {
  /** Send this counter instead of the next one (the authenticator's own counter does not move). */
  counter?: number;
  /** Sign for another origin or RP ID than the authenticator's. */
  origin?: string;
  rpId?: string;
  /** Answer another challenge than the options'. */
  challenge?: string;
  /** Whether the user was verified (PIN, fingerprint): UV flag; true by default. */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId: Buffer = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly origin: string;
  private readonly rpId: string;
  private readonly keepsCounter: boolean;
  /** The signature counter: the last value sent. */
  counter = 0;
  /** The user handle given at registration (options.user.id), returned with each assertion. */
  userHandle: string | undefined;

  constructor({ origin, rpId, keepsCounter = true }: AuthenticatorOptions) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicKey = publicKey;
    this.origin = origin;
    this.rpId = rpId ?? new URL(origin).hostname;
    this.keepsCounter = keepsCounter;
  }

  /** The credential id as the server stores and the browser sends it (base64url). */
  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key as a COSE_Key (EC2, ES256, P-256). */
  cosePublicKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('the P-256 key has no coordinates');
    return encodeCbor(
      new Map<CborValue, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  /** `navigator.credentials.create()` answered: a new credential with "none" attestation. */
  register(
    options: Pick<PublicKeyCredentialCreationOptionsJSON, 'challenge' | 'user'>,
    overrides: Pick<AssertionOverrides, 'origin' | 'rpId' | 'challenge' | 'userVerified'> = {},
  ): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData(
      'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin,
    );
    const attestedCredentialData = Buffer.concat([
      Buffer.alloc(16), // AAGUID: zero, as "none" attestation allows
      u16(this.credentialId.length),
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const authData = Buffer.concat([
      this.authDataHead(overrides, FLAG_AT, this.counter),
      attestedCredentialData,
    ]);
    const attestationObject = encodeCbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()` answered: an assertion signed with this credential's key. */
  authenticate(
    options: Pick<PublicKeyCredentialRequestOptionsJSON, 'challenge'>,
    overrides: AssertionOverrides = {},
  ): AuthenticationResponseJSON {
    let counter = overrides.counter;
    if (counter === undefined) {
      if (this.keepsCounter) this.counter += 1;
      counter = this.counter;
    }
    const clientDataJSON = this.clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin,
    );
    const authData = this.authDataHead(overrides, 0, counter);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** rpIdHash, flags and the signature counter: the 37 bytes every authenticator data starts with. */
  private authDataHead(overrides: AssertionOverrides, extraFlags: number, counter: number): Buffer {
    const flags = FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV) | extraFlags;
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter, 0);
    return Buffer.concat([sha256(overrides.rpId ?? this.rpId), Buffer.from([flags]), signCount]);
  }
}

function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value, 0);
  return bytes;
}
