// One browser seat (the host) plays a complete game of GAME against `nyanhall-cli bot`
// seats, by clicking its board's own move buttons; every hash, opening and the deal from the
// seed must check out in the page, and screenshots of the board are saved.
//   node bots_test.mjs GAME
import {
  launchBrowser, newPage, checkPages, screenshot, createRoom, playUntilOver, seeded, trustState,
  expect, run, startBot, startWithGame, quickOptions, seatCount,
} from './lib.mjs';

const game = process.argv[2];

await run(`${game}: a browser seat plays a whole game against bots`, async () => {
  // Only the games this server registers are played; another one is skipped, not failed.
  const { server, entry } = await startWithGame(game);
  const browser = await launchBrowser();
  const bots = [];
  try {
    const options = quickOptions(entry);
    const players = seatCount(entry, options);
    const host = await newPage(browser, server, { label: game, viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    const code = await createRoom(host, server, game, { name: 'Aki', options });
    for (let i = 1; i < players; i++) bots.push(startBot(server, code, i));
    await host.waitForFunction((n) => document.querySelectorAll('.seat[data-state=connected]').length === n, players, { timeout: 20000 });
    await host.click('#start');
    await host.waitForSelector(`.board.${game}`);
    await screenshot(host, `${game}-start`);
    let shotTaken = false;
    const result = await playUntilOver(host, {
      rng: seeded(7),
      onMove: async (moves) => {
        if (!shotTaken && moves >= 6) {
          shotTaken = true;
          await screenshot(host, `${game}-mid`);
        }
      },
    });
    expect(result.state === 'over', `the game ended (${result.state})`);
    expect(result.moves > 0, 'the browser seat made moves');
    await host.waitForSelector('.outcome');
    await host.waitForSelector('[data-check=deal]:is(.ok, .bad)', { timeout: 15000 });
    const { checks, state } = await trustState(host);
    expect(state.deal && state.deal.ok, `the deal check: ${JSON.stringify(state.deal)}`);
    expect(checks.hashes === 'ok' && checks.seed === 'ok' && checks.deal === 'ok', `checks ${JSON.stringify(checks)}`);
    expect(state.stats.mismatches === 0 && state.stats.badOpenings === 0, `stats ${JSON.stringify(state.stats)}`);
    await screenshot(host, `${game}-over`);
    // The same page on a phone-sized screen does not scroll sideways.
    await host.setViewportSize({ width: 390, height: 844 });
    const overflow = await host.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the phone-sized page overflows by ${overflow}px`);
    await screenshot(host, `${game}-phone-over`);
    for (const bot of bots) {
      const { code: exit, out } = await bot.done;
      expect(exit === 0, `a bot failed (${exit}): ${out}`);
    }
    checkPages([host]);
  } finally {
    for (const bot of bots) if (bot.proc.exitCode === null) bot.proc.kill('SIGTERM');
    await browser.close();
    await server.stop();
  }
});
