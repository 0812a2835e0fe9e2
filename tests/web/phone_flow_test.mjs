// Two friends on phones (390x844), from the home page to the end of a game and its replay:
// the create form's clock fields show only for a clock that uses them, the room opens at its
// top with its code and invite link on screen, the guest pastes the whole invite link into
// "join by code" and is told the room waits for the host, leaving a game asks first and the
// player comes back to the same seat, and every page passes axe-core. No page is ever wider
// than the phone (checked at every screenshot).
import {
  launchBrowser, newPage, checkPages, screenshot, seeded, expect, run,
  startWithGame, checkAxe, playUntilOver, makeOneMove,
} from './lib.mjs';

const PHONE = { width: 390, height: 844 };

// True when the element is inside the window as it is scrolled now.
const onScreen = (page, selector) => page.evaluate((sel) => {
  const r = document.querySelector(sel)?.getBoundingClientRect();
  return !!r && r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
}, selector);

await run('two phones: create, paste the invite link, play, leave and come back, replay', async () => {
  // A game for two, so that two phones fill it.
  const { server, entry } = await startWithGame((g) => g.min_seats <= 2 && g.max_seats >= 2
    && !(g.options || []).some((o) => o.name === 'players' && o.default > 2), [], 'no game for two');
  const game = entry.id;
  const browser = await launchBrowser();
  const pages = [];
  try {
    const host = await newPage(browser, server, { label: 'host-phone', viewport: PHONE, locale: 'en-US' });
    pages.push(host);
    await host.goto(`${server.base}/`);
    await host.waitForSelector('.game-card');
    await screenshot(host, 'flow-home-phone');
    await checkAxe(host, 'home');
    // How to play, from the home page: the goal, a turn, the cards, the end.
    await host.click(`[data-key=help-${game}]`);
    await host.waitForSelector('#help-dialog[open]');
    expect(await host.locator('#help-dialog section').count() >= 4, 'How to play has its four parts');
    await screenshot(host, 'flow-help-phone');
    await checkAxe(host, 'How to play');
    await host.keyboard.press('Escape');
    await host.waitForSelector('#help-dialog[open]', { state: 'detached' }).catch(() => null);
    expect(!(await host.locator('#help-dialog[open]').count()), 'Escape closes How to play');

    // The create form: the clock's fields only where the chosen clock uses them.
    await host.fill('#player-name', 'Aki');
    await host.click(`[data-create=${game}]`);
    const form = host.locator(`form[data-game=${game}]`);
    const shown = async (name) => form.locator(`[name=${name}]`).isVisible();
    expect(!(await shown('move_seconds')) && !(await shown('bank_seconds')) && !(await shown('on_timeout')),
      'with the clock off, its seconds and "when a clock runs out" are hidden');
    const pickClock = async (value) => {
      const index = await form.locator('[name=clock]').evaluate((el, v) => [...el.options].findIndex((o) => o.dataset.value === v), JSON.stringify(value));
      await form.locator('[name=clock]').selectOption({ index });
    };
    await pickClock('move');
    expect(await shown('move_seconds') && !(await shown('bank_seconds')) && await shown('on_timeout'), 'a clock per move shows its seconds');
    await pickClock('bank');
    expect(!(await shown('move_seconds')) && await shown('bank_seconds') && await shown('increment_seconds'), 'a chess clock shows its reserve');
    await screenshot(host, 'flow-create-form-phone');
    await pickClock('off');
    expect(!(await shown('bank_seconds')), 'off again hides them');

    // Create: the room opens at its top, its code and invite link on screen.
    await form.locator('button[type=submit]').click();
    await host.waitForSelector('#room-code');
    await host.waitForSelector('#share-link');
    await host.waitForTimeout(200);
    expect(await host.evaluate(() => window.scrollY) === 0, 'the room opens scrolled to its top');
    expect(await onScreen(host, '#room-code') && await onScreen(host, '#share-link'), 'the code and the invite link are on screen');
    const link = await host.inputValue('#share-link');
    const code = (await host.textContent('#room-code')).trim();
    await screenshot(host, 'flow-lobby-host-phone');
    await checkAxe(host, 'lobby');

    // The guest pastes the whole invite link where a code goes.
    const guest = await newPage(browser, server, { label: 'guest-phone', viewport: PHONE, locale: 'ja-JP' });
    pages.push(guest);
    await guest.goto(`${server.base}/`);
    await guest.fill('#join-code', link);
    await guest.click('.join-form button[type=submit]');
    await guest.waitForFunction((c) => location.pathname === `/r/${c}`, code);
    await guest.waitForSelector('.room-preview');
    await checkAxe(guest, 'join page');
    await guest.fill('#join-name', 'Bo');
    await guest.click('[data-key=join]');
    await guest.waitForFunction(() => document.body.dataset.seat === '1');
    // The guest is told what the room waits for: the host.
    await guest.waitForFunction(() => /Aki/.test(document.querySelector('[data-lobby-status]')?.textContent || ''));
    const waiting = await guest.textContent('[data-lobby-status]');
    expect(/始め/.test(waiting), `the guest reads that the host starts the game: "${waiting}"`);
    await screenshot(guest, 'flow-lobby-guest-phone');

    await host.waitForSelector('#start:not([disabled])');
    await host.click('#start');
    await guest.waitForSelector(`.board.${game}`);
    await host.waitForSelector(`.board.${game}`);
    await screenshot(host, 'flow-start-host-phone');

    // A few moves, then the guest leaves: asked first (and staying when they say no), then
    // back to the same seat through the room's link.
    const rngs = [seeded(3), seeded(4)];
    for (let i = 0; i < 2; i++) {
      const who = await Promise.race([
        host.waitForFunction(() => document.body.dataset.myturn === '1').then(() => 0),
        guest.waitForFunction(() => document.body.dataset.myturn === '1').then(() => 1),
      ]);
      await makeOneMove(who === 0 ? host : guest, rngs[who]);
    }
    let asked = '';
    guest.once('dialog', (d) => { asked = d.message(); d.dismiss(); });
    await guest.click('#leave');
    await guest.waitForTimeout(300);
    expect(asked.length > 0, 'leaving a game asks first');
    expect(await guest.evaluate(() => document.body.dataset.seat) === '1', 'saying no stays in the seat');
    guest.once('dialog', (d) => d.accept());
    await guest.click('#leave');
    await guest.waitForFunction(() => location.pathname === '/');
    await guest.goto(link);
    await guest.waitForFunction(() => document.body.dataset.seat === '1' && document.body.dataset.status === 'playing', null, { timeout: 10000 });
    await guest.waitForSelector(`.board.${game}`);
    await screenshot(guest, 'flow-back-in-seat-phone');

    // To the end, both clicking.
    const [a, b] = await Promise.all([playUntilOver(host, { rng: rngs[0] }), playUntilOver(guest, { rng: rngs[1] })]);
    expect(a.state === 'over' && b.state === 'over', `the game ended (${a.state}, ${b.state})`);
    await host.waitForSelector('.outcome');
    await screenshot(host, 'flow-over-host-phone');
    await screenshot(guest, 'flow-over-guest-phone');
    await checkAxe(host, 'finished game');

    // The replay viewer, on the phone.
    await host.waitForSelector('[data-key=replay-1]');
    await host.click('[data-key=replay-1]');
    await host.waitForFunction(() => document.body.dataset.status === 'replay' && document.body.dataset.steps);
    await host.click('[data-key=replay-forward]');
    await screenshot(host, 'flow-replay-phone');
    await checkAxe(host, 'replay viewer');
    checkPages(pages);
  } finally {
    await browser.close();
    await server.stop();
  }
});
