// The sealed-move envelope opened in the arbiter's browser: his key file
// (`arbiter.key` from `arbitre keygen`) is read by the page and never sent
// anywhere; the envelope's signature is checked against the key the server
// signs with (`/api/health`'s `envelope_signer`), then HPKE (RFC 9180, base
// mode, DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305) opens
// it with @hpke/core. The bytes signed and authenticated are those of
// `crates/envelope` (format "arbitre-envelope/2"): a change there that is
// not made here fails the browser test that opens a server's envelope.
import { CipherSuite } from '@hpke/core';
import { DhkemX25519HkdfSha256, HkdfSha256 } from '@hpke/dhkem-x25519';
import { Chacha20Poly1305 } from '@hpke/chacha20poly1305';
import { ed25519, x25519 } from '@noble/curves/ed25519.js';

const FORMAT = 'arbitre-envelope/2';
const KEY_FORMAT = 'arbitre-arbiter-key/2';
const HPKE_INFO = 'arbitre-envelope/2 sealed move';
const AAD_TAG = 'arbitre-envelope/2 associated data';
const SIGN_TAG = 'arbitre-envelope/2 signature';
const SALT_LEN = 32;
const MAX_MOVE_BYTES = 222;

const utf8 = (s) => new TextEncoder().encode(s);

/** Why an envelope does not open: `code` names the ui- message to show. */
export class EnvelopeError extends Error {
  constructor(code, detail = '') {
    super(detail || code);
    this.code = code;
  }
}

function base64(text, length, what) {
  let bytes;
  try {
    bytes = Uint8Array.from(atob(String(text)), (c) => c.charCodeAt(0));
  } catch {
    throw new EnvelopeError('ui-envelope-malformed', `${what} is not base64`);
  }
  if (length !== undefined && bytes.length !== length) {
    throw new EnvelopeError('ui-envelope-malformed', `${what} is ${bytes.length} bytes, not ${length}`);
  }
  return bytes;
}

export function hex(bytes) {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(text, what) {
  if (!/^([0-9a-f]{2})+$/i.test(String(text))) throw new EnvelopeError('ui-envelope-malformed', `${what} is not hexadecimal`);
  return Uint8Array.from(String(text).match(/../g), (h) => parseInt(h, 16));
}

// the canonical encoding: each field prefixed with its length (u64, big-endian)
class Writer {
  constructor() {
    this.parts = [];
  }
  raw(bytes) {
    this.parts.push(bytes);
  }
  u64(n) {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(n));
    this.raw(b);
  }
  u32(n) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n);
    this.raw(b);
  }
  put(bytes) {
    this.u64(bytes.length);
    this.raw(bytes);
  }
  optional(text) {
    if (text === null || text === undefined) this.raw(Uint8Array.of(0));
    else {
      this.raw(Uint8Array.of(1));
      this.put(utf8(text));
    }
  }
  bytes() {
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

const SIDE = { null: 0, white: 1, black: 2 };

function side(code, what, optional) {
  if (optional && (code === null || code === undefined)) return 0;
  if (code !== 'white' && code !== 'black') throw new EnvelopeError('ui-envelope-malformed', `${what} is ${JSON.stringify(code)}`);
  return SIDE[code];
}

// seconds to whole milliseconds, as the envelope signs them
function millis(t, what) {
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) throw new EnvelopeError('ui-envelope-malformed', `${what} is not a time`);
  return Math.round(t * 1000);
}

function encodeInfo(info) {
  const w = new Writer();
  w.optional(info.players?.white ?? null);
  w.optional(info.players?.black ?? null);
  w.put(utf8(info.fen));
  w.u64(millis(info.time_used?.white, 'time_used.white'));
  w.u64(millis(info.time_used?.black, 'time_used.black'));
  w.u64(millis(info.remaining?.white, 'remaining.white'));
  w.u64(millis(info.remaining?.black, 'remaining.black'));
  w.raw(Uint8Array.of(side(info.sealer, 'sealer', false)));
  w.u32(info.move_number);
  w.raw(Uint8Array.of(side(info.draw_offer, 'draw_offer', true)));
  w.put(utf8(info.resume_at));
  w.put(utf8(info.place));
  w.put(utf8(info.edition));
  return w.bytes();
}

function associatedData(info, commitment) {
  const w = new Writer();
  w.put(utf8(AAD_TAG));
  w.put(utf8(FORMAT));
  w.put(encodeInfo(info));
  w.put(commitment);
  return w.bytes();
}

function signedBytes(e, parts) {
  const w = new Writer();
  w.put(utf8(SIGN_TAG));
  w.put(utf8(FORMAT));
  w.put(encodeInfo(e.info));
  w.put(parts.commitment);
  w.put(parts.recipient);
  w.put(parts.encapsulated);
  w.put(parts.ciphertext);
  w.put(parts.signer);
  return w.bytes();
}

/** The X25519 secret key of an `arbiter.key` file's text. */
export function secretKeyOf(fileText) {
  let file;
  try {
    file = JSON.parse(fileText);
  } catch {
    throw new EnvelopeError('ui-key-file-bad', 'not JSON');
  }
  if (file?.format !== KEY_FORMAT) throw new EnvelopeError('ui-key-file-bad', `format ${JSON.stringify(file?.format)}`);
  return base64(file.hpke_secret_key, 32, 'hpke_secret_key');
}

/** The X25519 secret key given in the arbiter's link (`&key=`, base64url). */
export function secretKeyOfLink(text) {
  const b64 = String(text).replace(/-/g, '+').replace(/_/g, '/');
  return base64(b64 + '='.repeat((4 - (b64.length % 4)) % 4), 32, 'key');
}

/**
 * Opens `envelope` (the JSON of `GET …/envelope`) with the arbiter's
 * secret key, after checking its signature against `signerHex`, the
 * server's `envelope_signer`. → `{move, salt}` (salt in hex), the body of
 * the arbiter's `{"open": …}`.
 */
export async function openEnvelope(envelope, secret, signerHex) {
  if (envelope?.format !== FORMAT) throw new EnvelopeError('ui-envelope-malformed', `format ${JSON.stringify(envelope?.format)}`);
  const parts = {
    commitment: fromHex(envelope.commitment, 'commitment'),
    recipient: base64(envelope.recipient, 32, 'recipient'),
    encapsulated: base64(envelope.encapsulated_key, 32, 'encapsulated_key'),
    ciphertext: base64(envelope.ciphertext, undefined, 'ciphertext'),
    signer: base64(envelope.signer, 32, 'signer'),
    signature: base64(envelope.signature, 64, 'signature'),
  };
  if (parts.commitment.length !== 32) throw new EnvelopeError('ui-envelope-malformed', 'commitment');
  const trusted = fromHex(signerHex, 'envelope_signer');
  // the signature, strictly (RFC 8032, as the server's verify_strict)
  // an envelope naming another signer: intact but sealed by another key
  // (another server, or this one before its key was changed), or altered
  const message = signedBytes(envelope, parts);
  const named = hex(parts.signer) === hex(trusted) ? trusted : parts.signer;
  let good = false;
  try {
    good = ed25519.verify(parts.signature, message, named, { zip215: false });
  } catch {
    good = false;
  }
  if (!good) throw new EnvelopeError('ui-envelope-altered');
  if (named !== trusted) throw new EnvelopeError('ui-envelope-other-signer', hex(parts.signer));
  if (hex(x25519.getPublicKey(secret)) !== hex(parts.recipient)) throw new EnvelopeError('ui-envelope-wrong-key');
  const suite = new CipherSuite({
    kem: new DhkemX25519HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Chacha20Poly1305(),
  });
  let plaintext;
  try {
    const recipientKey = await suite.kem.importKey('raw', secret.slice().buffer, false);
    plaintext = new Uint8Array(
      await suite.open(
        { recipientKey, enc: parts.encapsulated.slice().buffer, info: utf8(HPKE_INFO) },
        parts.ciphertext,
        associatedData(envelope.info, parts.commitment),
      ),
    );
  } catch (e) {
    throw new EnvelopeError('ui-envelope-undecryptable', e?.message);
  }
  // the salt, the move's length (two bytes), the move, zero padding
  const length = (plaintext[SALT_LEN] << 8) | plaintext[SALT_LEN + 1];
  if (plaintext.length !== SALT_LEN + 2 + MAX_MOVE_BYTES || length > MAX_MOVE_BYTES) {
    throw new EnvelopeError('ui-envelope-malformed', 'decrypted contents');
  }
  const salt = plaintext.slice(0, SALT_LEN);
  const move = new TextDecoder('utf-8', { fatal: true }).decode(plaintext.slice(SALT_LEN + 2, SALT_LEN + 2 + length));
  plaintext.fill(0);
  return { move, salt: hex(salt) };
}
