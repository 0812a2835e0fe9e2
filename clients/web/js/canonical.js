// Canonical JSON (PROTOCOL.md, byte-exact): compact, object keys sorted by their UTF-8 bytes
// (keys are ASCII, so code-unit order is the same), integers only, strings escaped as
// JSON.stringify does (\" \\ \b \f \n \r \t, other control characters as \u00xx lowercase).
// Objects are written key by key rather than through JSON.stringify, which would put keys
// that look like array indices ("9", "10") first in numeric order.
import { sha256Hex } from './sha256.js';

export function canonical(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return '[' + value.map(canonical).join(',') + ']';
  const keys = Object.keys(value).sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonical(value[k])).join(',') + '}';
}

// The view hash: lowercase hex SHA-256 of the canonical JSON bytes.
export function viewHash(view) {
  return sha256Hex(canonical(view));
}

// A commitment: SHA-256 of the canonical JSON of {"nonce", "slot", "value"}.
export async function checkCommitment(commitment, slot, value, nonce) {
  if (typeof nonce !== 'string' || typeof commitment !== 'string') return false;
  return (await sha256Hex(canonical({ nonce, slot, value }))) === commitment;
}
