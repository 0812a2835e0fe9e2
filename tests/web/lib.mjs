// Shared helpers of the browser tests: a real nyanhall process on 127.0.0.1 with an
// ephemeral port, Debian's Chromium driven by playwright-core, pages that fail the test on
// any script error or any request that leaves the server, and a player loop that clicks the
// page's own move buttons.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const sourceRoot = path.resolve(here, '../..');

export const config = {
  server: process.env.NYANHALL_BINARY || path.join(sourceRoot, 'build/server/nyanhall'),
  cli: process.env.NYANHALL_CLI || path.join(sourceRoot, 'build/clients/cli/nyanhall-cli'),
  webRoot: process.env.NYANHALL_WEB_ROOT || path.join(sourceRoot, 'clients/web'),
  shots: process.env.NYANHALL_SCREENSHOTS || path.join(sourceRoot, 'build/web-screenshots'),
  chromium: process.env.CHROMIUM || '/usr/bin/chromium',
};

// Without the tools (`make test` installs them) a browser test reports itself skipped (77).
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  console.log('SKIP: playwright-core is not installed (deploy/install-deps.sh --with-browser)');
  process.exit(77);
}
if (!fs.existsSync(config.chromium)) {
  console.log(`SKIP: no browser at ${config.chromium} (deploy/install-deps.sh --with-browser)`);
  process.exit(77);
}

// Thrown to end a test as skipped (ctest's SKIP_RETURN_CODE 77), e.g. for a game the server
// does not offer.
export class Skip extends Error {}

export function fail(message) {
  throw new Error(message);
}

export function expect(cond, message) {
  if (!cond) fail(message);
}

// Starts the server ("--bind 127.0.0.1 --port 0") and reads the port from its log; with
// --tls-cert among `extra` its base address is https://.
export async function startServer(extra = []) {
  const scheme = extra.includes('--tls-cert') ? 'https' : 'http';
  const args = ['--bind', '127.0.0.1', '--port', '0', '--journal', 'none', '--web-root', config.webRoot, ...extra];
  const proc = spawn(config.server, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 20000);
    const onData = (chunk) => {
      log += chunk;
      const m = log.match(/listening[^\n]*port[=":]+(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
  });
  return {
    port,
    base: `${scheme}://127.0.0.1:${port}`,
    log: () => log,
    async stop() {
      if (proc.exitCode !== null) return;
      const done = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10000);
      await done;
      clearTimeout(timer);
    },
  };
}

export async function launchBrowser({ args = [] } = {}) {
  // playwright-core starts Chromium with a fresh temporary --user-data-dir of its own.
  return chromium.launch({
    executablePath: config.chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
  });
}

// A self-signed certificate for 127.0.0.1 and localhost and its key, made by the openssl
// command in `dir`.
export function makeCertificate(dir) {
  const cert = path.join(dir, 'server.crt');
  const key = path.join(dir, 'server.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-noenc',
    '-days', '2', '-subj', '/CN=nyanhall-test', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert, key };
}

// A page in a fresh context that records script errors and every request; `problems()`
// lists anything that should fail the test.
export async function newPage(browser, server, { viewport = { width: 1200, height: 900 }, label = 'page', init, locale = 'ja-JP' } = {}) {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const problems = [];
  const allowed = new Set([`127.0.0.1:${server.port}`]);
  page.on('pageerror', (e) => problems.push(`${label}: script error: ${e.message}`));
  // A 404 from /api/rooms/ is how the server says a code is unknown (the page shows it); the
  // browser logs it as an error. Any other 404 is a problem.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/the server responded with a status of 404/.test(m.text())) problems.push(`${label}: console error: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() === 404 && !new URL(r.url()).pathname.startsWith('/api/rooms/')) problems.push(`${label}: 404 for ${r.url()}`);
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol !== 'data:' && !allowed.has(url.host)) problems.push(`${label}: external request ${r.url()}`);
  });
  page.on('websocket', (ws) => {
    if (!allowed.has(new URL(ws.url()).host)) problems.push(`${label}: external websocket ${ws.url()}`);
  });
  if (init) await page.addInitScript(init);
  // waitForFunction checks its predicate every 50 ms rather than on animation frames (its
  // default): a page's frames can be starved for seconds while the machine is busy, and a
  // predicate long true then goes unchecked until the wait times out.
  const waitForFunction = page.waitForFunction.bind(page);
  page.waitForFunction = (fn, arg, options = {}) => waitForFunction(fn, arg, { polling: 50, ...options });
  page.label = label;
  page.problems = () => problems;
  return page;
}

export function checkPages(pages) {
  const all = pages.flatMap((p) => p.problems());
  // A reload cuts the page's socket; the browser may log that, which is not a fault.
  const real = all.filter((p) => !/WebSocket is closed before the connection is established|ERR_CONNECTION_REFUSED/.test(p));
  expect(real.length === 0, `page problems:\n${real.join('\n')}`);
}

// A screenshot of the whole page; at every one the page must be exactly as wide as the
// window (nothing pushes it sideways, on a phone or a desktop).
export async function screenshot(page, name) {
  fs.mkdirSync(config.shots, { recursive: true });
  // Let moving cards land first.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
  await page.screenshot({ path: path.join(config.shots, `${name}.png`), fullPage: true });
  const width = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth,
    widest: [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(-1).map((el) => `${el.tagName.toLowerCase()}.${el.className}`)[0] || '' }));
  expect(width.doc <= width.view, `${name}: the page is ${width.doc}px wide in a ${width.view}px window (${width.widest})`);
}

// axe-core (tests/web/node_modules) run in the page: no serious or critical violation. The
// script is handed to the page by the test (it is never served), past the page's CSP.
let axeSource = null;
export async function checkAxe(page, name) {
  if (!axeSource) axeSource = fs.readFileSync(path.join(here, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
  expect(violations.length === 0, `${name}: axe-core finds ${violations.length} serious violations:\n${violations.join('\n')}`);
}

// The games the server offers (GET /api/games), each with its schema.
export async function catalog(server) {
  return (await (await fetch(`${server.base}/api/games`)).json()).games;
}

// A server (started with `extra` flags) and the catalog entry of the game it is to play:
// `pick` is a game id or a test of an entry. Without such a game the test is skipped.
export async function startWithGame(pick, extra = [], what = `${pick}`) {
  const server = await startServer(extra);
  const test = typeof pick === 'function' ? pick : (g) => g.id === pick;
  const entry = (await catalog(server).catch(() => [])).find(test);
  if (!entry) {
    await server.stop();
    throw new Skip(`${typeof pick === 'function' ? what : `${pick} is not`} in /api/games`);
  }
  return { server, entry };
}

// Options for a quick game, from the catalog's own words: a choice named "short" or
// "single_round" where a game offers one, and a turn cap (an integer option "max_turns") of
// at most 60. Every other option keeps its default. With { shortMode: false } a game's short
// mode is left out (a short game may end before a player's fourth decision).
export function quickOptions(entry, { shortMode = true } = {}) {
  const options = {};
  for (const o of entry.options || []) {
    if (o.room) continue;
    if (o.kind === 'choice') {
      const quick = (o.choices || []).find((c) => (shortMode && c === 'short') || c === 'single_round');
      if (quick !== undefined) options[o.name] = quick;
    }
    if (o.kind === 'integer' && o.name === 'max_turns' && o.default > 60 && o.min <= 60) options[o.name] = 60;
  }
  return options;
}

// How many seats a game with these options has (its "players" option, else its fewest).
export function seatCount(entry, options) {
  return options.players ?? (entry.options || []).find((o) => o.name === 'players')?.default ?? entry.min_seats;
}

// Creates a room from the home page, setting the given options through the game's form.
export async function createRoom(page, server, game, { name = 'Aki', options = {} } = {}) {
  await page.goto(`${server.base}/`);
  await page.fill('#player-name', name);
  await page.click(`[data-create=${game}]`);
  const form = page.locator(`form[data-game=${game}]`);
  for (const [opt, value] of Object.entries(options)) {
    const control = form.locator(`[name=${opt}]`);
    const tag = await control.evaluate((el) => el.tagName.toLowerCase());
    if (tag === 'select') {
      const index = await control.evaluate((el, v) => [...el.options].findIndex((o) => o.dataset.value === v), JSON.stringify(value));
      expect(index >= 0, `option ${opt} has no choice ${JSON.stringify(value)}`);
      await control.selectOption({ index });
    } else if (tag === 'input' && (await control.getAttribute('type')) === 'checkbox') {
      await control.setChecked(!!value);
    } else {
      await control.fill(String(value));
    }
  }
  await form.locator('button[type=submit]').click();
  await page.waitForSelector('#room-code');
  return (await page.textContent('#room-code')).trim();
}

export async function joinByLink(page, link, name) {
  await page.goto(link);
  await page.fill('#join-name', name);
  await page.click('[data-key=join]');
  await page.waitForFunction(() => /^\d+$/.test(document.body.dataset.seat || ''));
}

// Plays this page's moves by clicking (or by keyboard) until the game is over: waits for the
// page to offer moves, picks one of the enabled move buttons at random and presses it.
export async function playUntilOver(page, { rng = Math.random, keyboard = false, onMove = null, timeoutMs = 360000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let moves = 0;
  const recent = [];
  for (;;) {
    if (Date.now() >= deadline) {
      await screenshot(page, `${page.label}-not-over`).catch(() => null);
      const where = await page.evaluate(() => ({ ...document.body.dataset })).catch(() => ({}));
      fail(`${page.label}: the game did not end in time (${moves} moves; page ${JSON.stringify(where)}; last: ${recent.join(' | ')})`);
    }
    const state = await page.waitForFunction(() => {
      const b = document.body.dataset;
      if (b.status === 'over' || b.status === 'gone') return b.status;
      const visible = [...document.querySelectorAll('main .act:not(:disabled)')].some((el) => el.offsetParent !== null);
      if (b.myturn === '1' && b.busy !== '1' && visible) return 'turn';
      return false;
    }, null, { timeout: Math.max(1000, deadline - Date.now()), polling: 50 }).then((h) => h.jsonValue());
    if (state !== 'turn') return { moves, state };
    const buttons = page.locator('main .act:not(:disabled):visible');
    const n = await buttons.count();
    if (n === 0) continue;
    const target = buttons.nth(Math.floor(rng() * n));
    const version = await page.evaluate(() => document.body.dataset.version);
    recent.push(`v${version} ${(await target.getAttribute('aria-label').catch(() => null)) || (await target.textContent().catch(() => '')).trim()}`);
    if (recent.length > 12) recent.shift();
    if (keyboard && moves === 0) {
      // The first move with the keyboard alone: Tab from the top of the page to a move, Enter.
      await tabToMove(page);
      await page.keyboard.press('Enter');
      moves++;
      if (onMove) await onMove(moves, version);
      continue;
    }
    try {
      if (keyboard) {
        await target.focus({ timeout: 2000 });
        await page.keyboard.press('Enter');
      } else {
        await target.click({ timeout: 2000 });
      }
    } catch {
      continue;  // the board re-rendered under the click; look again
    }
    moves++;
    if (onMove) await onMove(moves, version);
  }
}

// Plays this page's moves with the keyboard alone until the game is over: at each decision it
// presses Tab (never clicks, never moves the focus by script) to the k-th move button from
// where the focus is, k at random, checks that the focused button shows its focus, and
// presses Enter. `onDecision(page)` runs before each move (to check what the page says).
export async function playByKeyboard(page, { rng = Math.random, onDecision = null, onMove = null, timeoutMs = 420000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let moves = 0;
  for (;;) {
    expect(Date.now() < deadline, `${page.label}: the game did not end in time by keyboard (${moves} moves)`);
    const state = await page.waitForFunction(() => {
      const b = document.body.dataset;
      if (b.status === 'over' || b.status === 'gone') return b.status;
      const visible = [...document.querySelectorAll('main .act:not(:disabled)')].some((el) => el.offsetParent !== null);
      return b.myturn === '1' && b.busy !== '1' && visible ? 'turn' : false;
    }, null, { timeout: Math.max(1000, deadline - Date.now()) }).then((h) => h.jsonValue());
    if (state !== 'turn') return { moves, state };
    if (onDecision) await onDecision(page);
    const version = await page.evaluate(() => document.body.dataset.version);
    const n = await page.locator('main .act:not(:disabled):visible').count();
    const k = Math.floor(rng() * Math.max(1, n));
    let seen = -1, focused = null;
    for (let i = 0; i < 400 && seen < k; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => {
        const el = document.activeElement;
        const move = !!(el && el.matches('main .act:not(:disabled)') && el.offsetParent !== null);
        if (!move) return null;
        // The focus is seen: an outline on the button, or on the card it holds.
        const shows = (x) => x && getComputedStyle(x).outlineStyle !== 'none' && parseFloat(getComputedStyle(x).outlineWidth) > 0;
        return { key: el.dataset.key, visible: shows(el) || shows(el.querySelector('.card')) };
      });
      if (focused) seen++;
    }
    if (!focused) continue;  // the board changed under the keys; look again
    expect(focused.visible, `${page.label}: the focused move ${focused.key} shows no focus`);
    if (await page.evaluate((v) => document.body.dataset.version !== v || document.body.dataset.myturn !== '1', version)) continue;
    await page.keyboard.press('Enter');
    moves++;
    await page.waitForFunction((v) => document.body.dataset.version !== v || document.body.dataset.busy !== '1', version, { timeout: 5000 }).catch(() => null);
    if (onMove) await onMove(moves, version);
  }
}

// Moves the keyboard focus with Tab only, from the start of the page, to an enabled move button.
export async function tabToMove(page, maxTabs = 120) {
  await page.evaluate(() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); });
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const onMove = await page.evaluate(() => {
      const el = document.activeElement;
      return !!(el && el.matches('main .act:not(:disabled)') && el.offsetParent !== null);
    });
    if (onMove) return i + 1;
  }
  fail(`${page.label}: ${maxTabs} presses of Tab reached no move button`);
}

// Clicks `selector`, accepting the confirmation the page asks for; returns the question asked
// (empty when none was).
export async function clickConfirming(page, selector) {
  let question = '';
  page.once('dialog', (d) => { question = d.message(); d.accept(); });
  await page.click(selector);
  return question;
}

// Clicks this page's move buttons until one move has been accepted (the view version moved).
export async function makeOneMove(page, rng = Math.random) {
  const before = await page.evaluate(() => document.body.dataset.version);
  for (let i = 0; i < 20; i++) {
    await page.waitForFunction(() => document.body.dataset.myturn === '1' && document.body.dataset.busy !== '1');
    const buttons = page.locator('main .act:not(:disabled):visible');
    await buttons.nth(Math.floor(rng() * (await buttons.count()))).click();
    const moved = await page.waitForFunction((v) => document.body.dataset.version !== v || document.body.dataset.busy === '1',
      before, { timeout: 2000 }).then(() => true, () => false);
    if (moved) return;
  }
  fail(`${page.label}: no move was made`);
}

// `nyanhall-cli bot` joins room `code` and plays its seat with random legal moves.
export function startBot(server, code, seed) {
  const proc = spawn(config.cli, ['bot', '--server', `127.0.0.1:${server.port}`, '--join', code, '--seed', String(seed),
    '--name', `bot${seed}`, '--timeout', '300'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (c) => { out += c; });
  proc.stderr.on('data', (c) => { out += c; });
  const done = new Promise((resolve) => proc.on('exit', (exit) => resolve({ code: exit, out })));
  return { proc, done, output: () => out };
}

// A small seeded generator so a failing run can be repeated.
export function seeded(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = x;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function trustState(page) {
  return page.evaluate(() => {
    const checks = {};
    for (const li of document.querySelectorAll('.trust-list li')) checks[li.dataset.check] = li.className;
    return { checks, state: window.__nyan && window.__nyan.state() };
  });
}

export async function run(name, body) {
  const started = Date.now();
  try {
    await body();
    console.log(`ok - ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    console.log('1 passed, 0 failed');
    process.exit(0);
  } catch (e) {
    if (e instanceof Skip) {
      console.log(`SKIP: ${name}: ${e.message}`);
      process.exit(77);
    }
    console.error(`not ok - ${name}: ${e.stack || e}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}
