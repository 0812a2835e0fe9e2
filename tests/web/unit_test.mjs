// The browser client's byte-exact pieces against the test vectors of protocol/PROTOCOL.md,
// run in node (same modules the page loads): canonical JSON, view hash, commitments, DRBG,
// shuffle, the portable SHA-256 and JSON Patch.
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const js = (f) => import(pathToFileURL(path.join(here, '../../clients/web/js', f)).href);
const { canonical, viewHash, checkCommitment } = await js('canonical.js');
const { Drbg } = await js('drbg.js');
const { sha256Portable, sha256Hex, toHex } = await js('sha256.js');
const { applyPatch } = await js('patch.js');

let passed = 0;
async function check(name, fn) {
  await fn();
  passed++;
  console.log(`ok - ${name}`);
}

await check('canonical JSON vector', async () => {
  const value = { c: true, b: [1, 2, { z: 'ねこ', a: null }], a: 'x"\\\n\u0001' };
  assert.equal(canonical(value), '{"a":"x\\"\\\\\\n\\u0001","b":[1,2,{"a":null,"z":"ねこ"}],"c":true}');
  assert.equal(await viewHash(value), 'c8b22560c6901efd6db112015a448a87a07e2521aa4a4133c55b2efb684ca5d0');
});

await check('canonical JSON sorts index-like keys as strings', async () => {
  assert.equal(canonical({ 9: 1, 10: 2, b: 3, A: 4 }), '{"10":2,"9":1,"A":4,"b":3}');
  assert.equal(canonical({ t: '\b\f\r\t\u001f\u007f' }), '{"t":"\\b\\f\\r\\t\\u001f\u007f"}');
});

await check('commitment vector', async () => {
  const nonce = '1b949043b809e70de1cfa640fcf7e417ac08aad27b4a6aba0110ce00c198d1ae';
  const c = '2bdfac49364378ec7fbc7052ccd817fa24743ba895cbb3fc7e632ec00f6ec255';
  assert.equal(await checkCommitment(c, 't1.down', 'walk', nonce), true);
  assert.equal(await checkCommitment(c, 't1.down', 'lazy', nonce), false);
  assert.equal(await checkCommitment(c, 't2.down', 'walk', nonce), false);
});

await check('portable SHA-256 equals Web Crypto', async () => {
  for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
    const bytes = new Uint8Array(n).map((_, i) => (i * 31 + n) & 255);
    assert.equal(toHex(sha256Portable(bytes)), await sha256Hex(bytes), `length ${n}`);
  }
});

const seed1 = '0000000000000000000000000000000000000000000000000000000000000001';
const seed2 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

await check('DRBG next_u64 vectors', async () => {
  const a = Drbg.fromHex(seed1);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(() => a.nextU64()),
    [0x2905e7f7863ab696n, 0x5a31a4af435917c7n, 0x692a46b13526a070n, 0x6c2274cab2470adfn, 0x64af77cf4efc95cen, 0xed9df59465aeb158n]);
  const b = Drbg.fromHex(seed2);
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(() => b.nextU64()),
    [0xa9d6e500293a88bdn, 0x38cbe213d07ab71fn, 0x8cb2258552072a01n, 0xbdf1c40be527f4d0n, 0x6061c4386d7a1788n, 0xba52e2e8b2ee6fe6n]);
  assert.equal(await sha256Hex(new Uint8Array(32).fill(0).map((_, i) => (i === 31 ? 1 : 0))),
    'ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5');
});

await check('DRBG uniform vectors', async () => {
  const a = Drbg.fromHex(seed1);
  assert.deepEqual([a.uniform(2), a.uniform(6), a.uniform(52), a.uniform(1000000007), a.uniform(3)], [0, 1, 24, 684164839, 2]);
  const b = Drbg.fromHex(seed1);
  const n = (1n << 63n) + 1n;
  assert.deepEqual([1, 2, 3, 4, 5, 6].map(() => b.uniform(n)),
    [2956023780733531798n, 6499156809928480711n, 7577947049919160432n, 7791918719227595487n, 7255149256984270286n, 6280267997956488605n]);
});

await check('DRBG mixed sequence with uniform(1) and uniform(0)', async () => {
  // PROTOCOL.md: uniform(1) draws one value (so every later value depends on it); uniform(0)
  // draws none. Twelve 64-bit values are used, two of them rejected for 2^63 + 1.
  const d = Drbg.fromHex(seed1);
  const ns = [6, 1, 52, 1, 1, (1n << 63n) + 1n, 2, 1, 0, 1000000007, 3];
  assert.deepEqual(ns.map((n) => d.uniform(n)), [4, 0, 24, 0, 0, 6280267997956488605n, 1, 0, 0, 391645412, 0]);
  assert.equal(d.nextU64(), 0xea07967cfcb36ce1n);
});

await check('shuffle vectors', async () => {
  const deck = () => Array.from({ length: 52 }, (_, i) => i);
  assert.equal(Drbg.fromHex(seed1).shuffle(deck()).join(' '),
    '24 11 50 19 10 12 47 38 18 26 13 15 4 6 20 36 2 41 42 37 29 45 3 1 48 8 51 5 0 25 28 16 23 22 43 27 49 17 34 9 44 21 7 39 46 33 35 14 31 32 40 30');
  assert.equal(Drbg.fromHex(seed2).shuffle(deck()).join(' '),
    '38 41 13 19 7 6 50 43 16 29 31 34 36 15 9 32 11 46 12 39 18 42 14 26 47 45 23 30 21 25 49 48 44 35 20 37 0 17 24 10 1 8 4 22 3 27 2 40 51 5 28 33');
});

await check('JSON Patch', async () => {
  const doc = { a: [1, 2, 3], b: { c: 'x', 'd/e': 1, 'f~g': 2 }, n: null };
  assert.deepEqual(applyPatch(doc, [
    { op: 'replace', path: '/a/1', value: 9 }, { op: 'remove', path: '/a/2' }, { op: 'add', path: '/a/-', value: 4 },
    { op: 'add', path: '/a/0', value: 0 }, { op: 'remove', path: '/b/d~1e' }, { op: 'replace', path: '/b/f~0g', value: 3 },
    { op: 'replace', path: '/n', value: { x: 1 } }, { op: 'add', path: '/z', value: [] },
  ]), { a: [0, 1, 9, 4], b: { c: 'x', 'f~g': 3 }, n: { x: 1 }, z: [] });
  assert.deepEqual(doc.a, [1, 2, 3], 'the original is untouched');
  assert.throws(() => applyPatch(doc, [{ op: 'remove', path: '/nope' }]));
  assert.throws(() => applyPatch(doc, [{ op: 'replace', path: '/a/7', value: 1 }]));
  assert.deepEqual(applyPatch(doc, [{ op: 'replace', path: '', value: 5 }]), 5);
});

await check('every module of the page loads', async () => {
  const fs = await import('node:fs');
  const dir = path.join(here, '../../clients/web/js');
  const games = path.join(dir, 'games');
  // A game's board is its folder: js/games/<id>/board.js, found by the id alone.
  const folders = fs.readdirSync(games).filter((f) => fs.statSync(path.join(games, f)).isDirectory());
  const files = [...fs.readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'app.js'),
    ...fs.readdirSync(games).filter((f) => f.endsWith('.js')).map((f) => `games/${f}`),
    ...folders.flatMap((g) => fs.readdirSync(path.join(games, g)).filter((f) => f.endsWith('.js')).map((f) => `games/${g}/${f}`))];
  for (const f of files) await js(f);
  const { boardFor, loadBoard } = await js('games.js');
  assert.ok(folders.length > 0, 'the boards are folders of js/games');
  for (const id of folders) {
    assert.equal((await loadBoard(id)).id, id);
    assert.equal(boardFor(id).id, id);
  }
  // A game without a board of its own gets the generic one, and an id is never a path.
  assert.equal((await loadBoard('no_such_game')).id, '*');
  assert.equal((await loadBoard('../../etc')).id, '*');
  assert.equal(boardFor('no_such_game').id, '*');
});

await check('Oikake deal check accepts the true deal and rejects a changed one', async () => {
  const oikake = (await js('games/oikake/board.js')).default;
  const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
  // rules/oikake.md §3, short mode: 4 each of find, danger, lazy, walk; hands of 3, dealt
  // alternately from seat 0; then the coin for the first presenter.
  const drbg = Drbg.fromHex(seed);
  const cards = drbg.shuffle(['find', 'danger', 'lazy', 'walk'].flatMap((k) => [k, k, k, k]));
  const first = drbg.uniform(2);
  const hand0 = {};
  for (const c of [cards[0], cards[2], cards[4]]) hand0[c] = (hand0[c] || 0) + 1;
  const deck = cards.slice(6);
  const args = (view, obs) => ({ seed, options: { mode: 'short', first_seat: 'random' }, obs, view });
  const good = oikake.verifyDeal(args({ first_seat: first, you: 0, deck: deck.slice(4) }, { start_hand: hand0 }));
  assert.equal(good.ok, true, JSON.stringify(good));
  assert.equal(good.checks.length, 3);
  const swapped = deck.slice(4);
  const i = swapped.findIndex((c) => c !== swapped[0]);
  [swapped[0], swapped[i]] = [swapped[i], swapped[0]];
  assert.equal(oikake.verifyDeal(args({ first_seat: first, you: 0, deck: swapped }, { start_hand: hand0 })).ok, false);
  assert.equal(oikake.verifyDeal(args({ first_seat: 1 - first, you: 0, deck: deck.slice(4) }, {})).ok, false);
  const otherHand = { ...hand0, find: (hand0.find || 0) + 1 };
  assert.equal(oikake.verifyDeal(args({ first_seat: first, you: 0, deck: [] }, { start_hand: otherHand })).ok, false);
});

await check('room codes are read as the server reads them', async () => {
  const { normalizeCode } = await js('session.js');
  assert.equal(normalizeCode('Kasumi Norepa__Hodute!!'), 'kasumi-norepa-hodute');
  assert.equal(normalizeCode('  -kasumi--norepa- '), 'kasumi-norepa');
  assert.equal(normalizeCode('ＫＡＳＵＭＩ　ｎｏｒｅｐａ'), 'kasumi-norepa');  // typed full-width
  assert.equal(normalizeCode('!!!'), '');
});

await check('a pasted invite link joins its room', async () => {
  const { codeFromTyped } = await js('session.js');
  assert.deepEqual(codeFromTyped('http://127.0.0.1:8080/r/kasumi-norepa-hodute'), { code: 'kasumi-norepa-hodute', watch: false });
  assert.deepEqual(codeFromTyped(' https://example.org/r/Kasumi-Norepa-Hodute?watch=1 '), { code: 'kasumi-norepa-hodute', watch: true });
  assert.deepEqual(codeFromTyped('/r/kasumi-norepa-hodute/replay?game=2'), { code: 'kasumi-norepa-hodute', watch: false });
  assert.deepEqual(codeFromTyped('Kasumi Norepa Hodute'), { code: 'kasumi-norepa-hodute', watch: false });
});

await check('English counts agree with their number ("1 card", "2 cards")', async () => {
  // Every English text that counts {n} things in a plural has its "_one" form.
  const fs = await import('node:fs');
  const dir = path.join(here, '../../clients/web/js');
  const sources = [path.join(dir, 'i18n.js'), ...fs.readdirSync(path.join(dir, 'games'), { recursive: true })
    .filter((f) => f.endsWith('board.js')).map((f) => path.join(dir, 'games', f))];
  const missing = [];
  for (const file of sources) {
    const text = fs.readFileSync(file, 'utf8');
    const en = text.slice(text.indexOf('  en: {'));
    for (const m of en.matchAll(/(\w+): ['"`]([^'"`]*\{n\} [a-z]+s\b[^'"`]*)['"`]/g)) {
      if (!new RegExp(`\\b${m[1]}_one:`).test(en)) missing.push(`${m[1]}: ${m[2]}`);
    }
  }
  assert.deepEqual(missing, []);
  // A name may be "Aki (you)": no English text makes it possessive ("Aki (you)'s turn").
  const possessive = sources.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/\{\w+\}'s\b/g)].map((m) => `${path.basename(file)}: ${m[0]}`));
  assert.deepEqual(possessive, []);
});

await check('every board explains its game in both languages', async () => {
  const fs = await import('node:fs');
  const games = path.join(here, '../../clients/web/js/games');
  for (const id of fs.readdirSync(games).filter((f) => fs.statSync(path.join(games, f)).isDirectory())) {
    const board = (await js(`games/${id}/board.js`)).default;
    for (const lang of ['ja', 'en']) {
      const help = board.help?.[lang];
      assert.ok(help && help.goal && help.turn?.length && help.parts?.length && help.end?.length, `${id}: How to play in ${lang}`);
    }
    assert.equal(typeof board.prompt, 'function', `${id}: a prompt for each decision`);
    assert.equal(typeof board.hint, 'function', `${id}: the walkthrough's hints`);
    assert.equal(typeof board.legend, 'function', `${id}: a legend of its marks`);
  }
});

await check('the first language is the browser\'s, until one is chosen', async () => {
  const { firstLanguage } = await js('i18n.js');
  assert.equal(firstLanguage(null, ['en-US', 'ja']), 'en');
  assert.equal(firstLanguage(null, ['fr-FR', 'ja-JP', 'en']), 'ja');
  assert.equal(firstLanguage(null, ['de', 'fr']), 'ja');
  assert.equal(firstLanguage('ja', ['en-US']), 'ja');
  assert.equal(firstLanguage('en', ['ja']), 'en');
});

console.log(`${passed} passed, 0 failed`);
