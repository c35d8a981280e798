/** Passkeys through the browser's own WebAuthn API: the server (allauth) gives the
 * options as JSON and checks the answer; nothing here is cryptography. */

type Options = Record<string, unknown>;

export function passkeysSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "PublicKeyCredential" in window &&
    typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function" &&
    typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function"
  );
}

function publicKeyOf(options: Options): Options {
  return (options.publicKey ?? options) as Options;
}

/** A new passkey for the options of the server; its answer as JSON. */
export async function createPasskey(options: Options): Promise<PublicKeyCredentialJSON> {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(
    publicKeyOf(options) as unknown as PublicKeyCredentialCreationOptionsJSON,
  );
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
  return credential.toJSON();
}

/** A passkey's signature of the server's challenge, as JSON. */
export async function signWithPasskey(options: Options): Promise<PublicKeyCredentialJSON> {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(
    publicKeyOf(options) as unknown as PublicKeyCredentialRequestOptionsJSON,
  );
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
  return credential.toJSON();
}
