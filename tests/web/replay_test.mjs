// One game of GAME from a phone, then its replay. The host plays on a 390x844 screen, where
// its hand must be on screen without scrolling when the game starts; bots take the other
// seats. After the game a fresh browser opens the room's link, finds the finished game, and
// steps through its replay (forward, back, a jump, autoplay) to the last move, whose view and
// board must be the ones the host ended on. Screenshots of every step taken go to the run.
//   node replay_test.mjs GAME
import {
  launchBrowser, newPage, checkPages, screenshot, createRoom, playUntilOver, seeded, expect, run,
  startBot, startWithGame, catalog, quickOptions, seatCount,
} from './lib.mjs';

const game = process.argv[2];

// Where the first card of this seat's hand is, and whether it is on screen unscrolled, once
// the board has settled: after each update the cards glide to their new places for a moment
// (dom.js), and a card caught half-way is not where the player sees it.
async function handOnScreen() {
  const gliding = () => document.getAnimations().filter((a) => a.playState === 'running'
    && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
  for (let i = 0; i < 10 && gliding().length; i++) await Promise.all(gliding().map((a) => a.finished.catch(() => {})));
  window.scrollTo(0, 0);
  const zone = document.querySelector('[data-zone=my-hand]');
  if (!zone) return { found: false };
  // A hand that is still empty (Double Hunt deals none before the roles): its seat's panel.
  const card = zone.querySelector('.card') || zone.closest('.panel') || zone;
  const r = card.getBoundingClientRect();
  return { found: true, top: Math.round(r.top), bottom: Math.round(r.bottom), height: window.innerHeight,
    visible: r.top >= 0 && r.bottom <= window.innerHeight };
}

// The board's text, with the one word that differs by who is looking ("Aki (you)" on the
// player's page, "Aki (viewpoint)" in the replay) taken out.
const boardText = () => (document.querySelector('.board-wrap .board')?.innerText || '')
  .replace(/ ?[(（](you|viewpoint|あなた|視点)[)）]/g, '');

await run(`${game}: a phone seat plays a game, and its replay ends on the same board`, async () => {
  const { server, entry } = await startWithGame(game);
  // Every other game of the catalog is played in English, so both languages are seen on a phone.
  const games = await catalog(server);
  const LOCALE = { [game]: games.findIndex((g) => g.id === game) % 2 ? 'en-US' : 'ja-JP' };
  const browser = await launchBrowser();
  const bots = [];
  const pages = [];
  try {
    const options = quickOptions(entry);
    const players = seatCount(entry, options);
    const host = await newPage(browser, server, { label: `${game}-phone`, viewport: { width: 390, height: 844 }, locale: LOCALE[game] });
    pages.push(host);
    const code = await createRoom(host, server, game, { name: 'Aki', options });
    for (let i = 1; i < players; i++) bots.push(startBot(server, code, i));
    await host.waitForFunction((n) => document.querySelectorAll('.seat[data-state=connected]').length === n, players, { timeout: 20000 });
    await host.click('#start');
    await host.waitForSelector(`.board.${game} [data-zone=my-hand]`, { state: 'attached' });
    // The first updates after the start may still reflow the page for a moment (the lobby's
    // parts give way to the board, the bots' first moves come in): the hand must be on screen
    // once it settles, within 5 s.
    let hand = await host.evaluate(handOnScreen);
    for (const until = Date.now() + 5000; !hand.visible && Date.now() < until;) {
      await host.waitForTimeout(100);
      hand = await host.evaluate(handOnScreen);
    }
    await screenshot(host, `phone-${game}-start`);
    expect(hand.found && hand.visible, `on a 390x844 phone the hand is on screen without scrolling: ${JSON.stringify(hand)}`);

    const result = await playUntilOver(host, { rng: seeded(11) });
    expect(result.state === 'over', `the game ended (${result.state})`);
    await host.waitForSelector('.outcome');
    await host.waitForSelector('[data-key=replay-1]');
    await screenshot(host, `phone-${game}-over`);
    const final = await host.evaluate(() => ({ view: window.__nyan.state().view, seat: window.__nyan.state().seat }));
    const finalBoard = await host.evaluate(boardText);

    // A fresh browser: the link shows the room and its finished game.
    const viewer = await newPage(browser, server, { label: `${game}-replay`, locale: LOCALE[game] === 'ja-JP' ? 'en-US' : 'ja-JP' });
    pages.push(viewer);
    await viewer.goto(`${server.base}/r/${code}`);
    await viewer.waitForSelector('.room-preview');
    await viewer.click('[data-key=replay-1]');
    await viewer.waitForFunction(() => document.body.dataset.status === 'replay' && document.body.dataset.steps);
    await viewer.waitForSelector(`.board.${game}`);
    const steps = Number(await viewer.evaluate(() => document.body.dataset.steps));
    expect(steps >= 2, `the replay has steps (${steps})`);
    const step = () => viewer.evaluate(() => Number(document.body.dataset.step));
    expect(await step() === 0, 'a replay opens at the deal');
    await screenshot(viewer, `replay-${game}-deal`);
    await viewer.click('[data-key=replay-forward]');
    expect(await step() === 1, 'forward one move');
    await viewer.click('[data-key=replay-forward]');
    await viewer.click('[data-key=replay-back]');
    expect(await step() === 1, 'back one move');
    const middle = Math.floor(steps / 2);
    await viewer.fill('#replay-jump', String(middle));
    await viewer.press('#replay-jump', 'Enter');
    await viewer.waitForFunction((k) => Number(document.body.dataset.step) === k, middle);
    expect(new URL(viewer.url()).searchParams.get('step') === String(middle), 'the address follows the step');
    await screenshot(viewer, `replay-${game}-middle`);
    // The link of a step opens that step.
    const link = viewer.url();
    await viewer.goto(link);
    await viewer.waitForFunction((k) => Number(document.body.dataset.step) === k, middle);
    // Autoplay moves on by itself, and stops when asked. It runs from the deal, a move every 2 s:
    // the pause lands long before the last move, where autoplay stops by itself (and a click
    // on Play would start it again from the deal).
    await viewer.selectOption('#replay-speed', '2000');
    await viewer.click('[data-key=replay-first]');
    await viewer.click('[data-key=replay-play]');
    await viewer.waitForFunction(() => Number(document.body.dataset.step) >= 1, null, { timeout: 10000 });
    await viewer.click('[data-key=replay-play]');
    const paused = await step();
    expect(paused >= 1 && paused < steps - 1, `autoplay moved on (${paused} of ${steps - 1})`);
    await viewer.waitForTimeout(2500);
    expect(await step() === paused, 'autoplay stops');
    // The host's own viewpoint at the last move: the view and the board it ended on.
    await viewer.selectOption('#replay-seat', String(final.seat));
    await viewer.waitForFunction((s) => new URL(location.href).searchParams.get('seat') === String(s), final.seat);
    await viewer.click('[data-key=replay-last]');
    expect(await step() === steps - 1, 'to the last move');
    await viewer.waitForSelector('.replay-verified[data-ok]');
    expect(await viewer.evaluate(() => document.querySelector('.replay-verified').dataset.ok) === 'true', 'every replayed view matches its hash');
    const replayed = await viewer.evaluate(() => window.__replay.view());
    expect(JSON.stringify(replayed) === JSON.stringify(final.view), 'the last replayed view is the host\'s final view');
    // The same board, read in the same language.
    const hostLang = await host.evaluate(() => document.documentElement.lang);
    if ((await viewer.evaluate(() => document.documentElement.lang)) !== hostLang) await viewer.click('#lang');
    await viewer.waitForFunction((l) => document.documentElement.lang === l, hostLang);
    await viewer.waitForSelector(`.board.${game}`);
    const replayBoard = await viewer.evaluate(boardText);
    expect(replayBoard === finalBoard, `the replayed board reads as the host's:\n--- host\n${finalBoard}\n--- replay\n${replayBoard}`);
    await screenshot(viewer, `replay-${game}-end`);
    await viewer.setViewportSize({ width: 390, height: 844 });
    await screenshot(viewer, `replay-${game}-end-phone`);
    const overflow = await viewer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the phone-sized replay overflows by ${overflow}px`);
    for (const bot of bots) {
      const { code: exit, out } = await bot.done;
      expect(exit === 0, `a bot failed (${exit}): ${out}`);
    }
    checkPages(pages);
  } finally {
    for (const bot of bots) if (bot.proc.exitCode === null) bot.proc.kill('SIGTERM');
    await browser.close();
    await server.stop();
  }
});
