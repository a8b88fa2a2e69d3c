/**
 * A fast 53-bit fingerprint of bytes (two independent 32-bit multiply-xor lanes), used to
 * tell whether a file a script rewrote really changed. Not cryptographic: a collision can
 * only make a rewrite look unchanged, and needs the same size too.
 */
export function contentHash(bytes: Uint8Array): number {
  let a = 0x811c9dc5 ^ bytes.length;
  let b = 0x9e3779b1 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    a = Math.imul(a ^ byte, 0x01000193);
    b = Math.imul(b ^ byte, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  return (b >>> 11) * 0x100000000 + (a >>> 0);
}
