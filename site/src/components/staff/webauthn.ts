// WebAuthn's JSON (binary fields as base64url, as webauthn-rs writes and reads them) to and
// from the browser's credential API.

type Json = Record<string, unknown>;

function toBuffer(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)).buffer;
}

function toText(buffer: ArrayBuffer | null): string | null {
  if (!buffer) return null;
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function withIds(list: unknown): PublicKeyCredentialDescriptor[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.map((c: Json) => ({ ...(c as object), id: toBuffer(String(c['id'])) }) as PublicKeyCredentialDescriptor);
}

/** Creates a passkey from webauthn-rs's creation options; the credential as JSON for the server. */
export async function createPasskey(options: { publicKey: Json }): Promise<Json> {
  const o = options.publicKey;
  const user = o['user'] as Json;
  const publicKey = {
    ...o,
    challenge: toBuffer(String(o['challenge'])),
    user: { ...user, id: toBuffer(String(user['id'])) },
    excludeCredentials: withIds(o['excludeCredentials']) ?? [],
  } as unknown as PublicKeyCredentialCreationOptions;
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was created.');
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: credential.type,
    response: {
      attestationObject: toText(response.attestationObject),
      clientDataJSON: toText(response.clientDataJSON),
      transports: response.getTransports?.() ?? [],
    },
    extensions: credential.getClientExtensionResults(),
  };
}

/** Signs in with a passkey from webauthn-rs's request options; the assertion as JSON. */
export async function usePasskey(options: { publicKey: Json }): Promise<Json> {
  const o = options.publicKey;
  const publicKey = {
    ...o,
    challenge: toBuffer(String(o['challenge'])),
    allowCredentials: withIds(o['allowCredentials']) ?? [],
  } as unknown as PublicKeyCredentialRequestOptions;
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was used.');
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: credential.type,
    response: {
      authenticatorData: toText(response.authenticatorData),
      clientDataJSON: toText(response.clientDataJSON),
      signature: toText(response.signature),
      userHandle: toText(response.userHandle),
    },
    extensions: credential.getClientExtensionResults(),
  };
}
