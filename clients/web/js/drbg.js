// The deterministic random stream (PROTOCOL.md "Randomness", byte-exact): block i is
// SHA-256(seed || u64_be(i)); next_u64 reads 8 bytes big-endian; uniform(n) rejects draws at
// or above 2^64 - (2^64 mod n); a shuffle is Fisher-Yates from the back. Blocks are computed
// with the synchronous portable SHA-256 so deals can be written as plain loops.
import { sha256Portable, fromHex } from './sha256.js';

const TWO64 = 1n << 64n;

export class Drbg {
  constructor(seedBytes) {
    if (!(seedBytes instanceof Uint8Array) || seedBytes.length !== 32) throw new Error('the seed must be 32 bytes');
    this.seed = seedBytes;
    this.block = 0n;
    this.buf = new Uint8Array(0);
    this.pos = 0;
    this.draws = 0;
  }

  static fromHex(hex) {
    const bytes = fromHex(hex);
    if (!bytes || bytes.length !== 32) throw new Error('the seed must be 64 hex digits');
    return new Drbg(bytes);
  }

  refill() {
    const input = new Uint8Array(40);
    input.set(this.seed);
    new DataView(input.buffer).setBigUint64(32, this.block);
    this.block += 1n;
    this.buf = sha256Portable(input);
    this.pos = 0;
  }

  nextU64() {
    if (this.pos + 8 > this.buf.length) this.refill();
    const v = new DataView(this.buf.buffer, this.pos, 8).getBigUint64(0);
    this.pos += 8;
    return v;
  }

  // A uniform integer in [0, n) (n a Number or BigInt, 0 <= n < 2^64); returns a Number when n is
  // one. uniform(1) draws one value like any other n; uniform(0) draws nothing and returns 0
  // (PROTOCOL.md: no engine asks for it, and no implementation fails on it).
  uniform(n) {
    const big = BigInt(n);
    if (big < 0n || big >= TWO64) throw new Error('uniform(n) needs 0 <= n < 2^64');
    if (big === 0n) return typeof n === 'bigint' ? 0n : 0;
    const limit = TWO64 - (TWO64 % big);
    let x;
    do x = this.nextU64(); while (x >= limit);
    this.draws += 1;
    return typeof n === 'bigint' ? x % big : Number(x % big);
  }

  // Fisher-Yates from the back, in place; returns the list.
  shuffle(list) {
    for (let i = list.length - 1; i >= 1; i--) {
      const j = this.uniform(i + 1);
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  }
}
