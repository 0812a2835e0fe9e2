// The browser client's DRBG against the server's, value by value: sequences of mixed n
// (0, 1 — often several in a row —, small dice and deck sizes, powers of two and their
// neighbours, n close to 2^64 where most draws are rejected, random 64-bit n) and raw
// next_u64 calls, for 40 seeds, go through clients/web/js/drbg.js here and through the C++
// Drbg in the tool tests/protocol/drbg_sequence.cc (NYANHALL_DRBG_SEQUENCE), and every value
// must be the same. PROTOCOL.md's fixed vectors are checked by unit_test.mjs and drbg_test.cc.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const tool = process.env.NYANHALL_DRBG_SEQUENCE;
if (!tool) {
  console.log('skipped: NYANHALL_DRBG_SEQUENCE is not set');
  process.exit(77);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const { Drbg } = await import(pathToFileURL(path.join(here, '../../clients/web/js/drbg.js')).href);

const TWO64 = 1n << 64n;
const special = [0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 52n, 1000n, 1000000007n, 1n << 32n, (1n << 32n) + 1n,
  (1n << 53n) + 3n, 1n << 63n, (1n << 63n) + 1n, (1n << 63n) + 12345n, TWO64 - 1n, TWO64 - 2n, (TWO64 / 3n) * 2n + 1n];

// A fixed pseudo-random walk (splitmix64), so that a failure is reproducible.
let state = 0x6e79616e68616c6cn;
function next() {
  state = (state + 0x9e3779b97f4a7c15n) % TWO64;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) % TWO64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) % TWO64;
  return z ^ (z >> 31n);
}

const lines = [];
for (let s = 0; s < 40; s++) {
  const seed = createHash('sha256').update(`drbg cross ${s}`).digest('hex');
  const tokens = [];
  while (tokens.length < 400) {
    const r = Number(next() % 10n);
    if (r < 3) tokens.push(...Array(1 + Number(next() % 3n)).fill(1n));  // runs of uniform(1)
    else if (r < 6) tokens.push(special[Number(next() % BigInt(special.length))]);
    else if (r < 8) tokens.push(next() % 100n);
    else if (r < 9) tokens.push(next());
    else tokens.push('u');
  }
  lines.push({ seed, tokens });
}

const input = lines.map(({ seed, tokens }) => [seed, ...tokens.map(String)].join(' ')).join('\n') + '\n';
const output = execFileSync(tool, { input, encoding: 'utf8', maxBuffer: 64 << 20 }).trim().split('\n');
assert.equal(output.length, lines.length, 'one line of values per sequence');

let values = 0;
lines.forEach(({ seed, tokens }, i) => {
  const drbg = Drbg.fromHex(seed);
  const server = output[i].split(' ').map(BigInt);
  assert.equal(server.length, tokens.length, `sequence ${i}: one value per request`);
  tokens.forEach((t, k) => {
    const js = t === 'u' ? drbg.nextU64() : BigInt(drbg.uniform(t));
    assert.equal(js, server[k], `seed ${seed}, request ${k} (${t === 'u' ? 'next_u64' : `uniform(${t})`})`);
    values++;
  });
});
console.log(`ok - ${values} values from ${lines.length} sequences agree (uniform(1) requests: ${
  lines.reduce((a, l) => a + l.tokens.filter((t) => t === 1n).length, 0)})`);
