// A table of one browser player and three of the server's own bots: the host seats the bots
// with the lobby's "add a bot" buttons, starts a game with a turn clock, watches the clocks
// count down and the tab say when it is their turn, and plays to the end by clicking.
//   node table_test.mjs GAME     (a game with a table of four; another is skipped)
import {
  launchBrowser, newPage, checkPages, screenshot, createRoom, playUntilOver, seeded, trustState,
  expect, run, startWithGame, quickOptions,
} from './lib.mjs';

const game = process.argv[2];

await run(`${game}: one browser player and three bots play a clocked game to the end`, async () => {
  const { server, entry } = await startWithGame((g) => g.id === game && g.max_seats >= 4, ['--bot-budget-ms', '10'],
    `${game} with a table of four`);
  const browser = await launchBrowser();
  try {
    const host = await newPage(browser, server, { label: `${game}-table` });
    const players = (entry.options || []).some((o) => o.name === 'players') ? { players: 4 } : {};
    const options = { ...quickOptions(entry), ...players, clock: 'move', move_seconds: 300 };
    const code = await createRoom(host, server, game, { name: 'Aki', options });
    expect(/^[a-z0-9-]+$/.test(code), `a room code: ${code}`);

    // The host puts a bot in each empty seat; the seats say so, in the page's language.
    for (const seat of [1, 2, 3]) {
      await host.click(`[data-key=add-bot-${seat}]`);
      await host.waitForSelector(`.seat[data-seat="${seat}"][data-state=bot]`);
    }
    const names = await host.$$eval('.seat[data-state=bot] .seat-name', (els) => els.map((e) => e.textContent));
    expect(JSON.stringify(names) === JSON.stringify(['ボット1', 'ボット2', 'ボット3']), `bot names ${JSON.stringify(names)}`);
    // One can be taken out again, and its seat is empty until a bot (or a player) sits there.
    await host.click('[data-key=remove-bot-2]');
    await host.waitForSelector('.seat[data-seat="2"][data-state=empty]');
    expect(await host.isDisabled('#start'), 'start waits for every seat');
    await host.click('[data-key=add-bot-2]');
    await host.waitForSelector('.seat[data-seat="2"][data-state=bot]');
    await screenshot(host, `${game}-table-lobby`);

    await host.click('#start');
    await host.waitForSelector(`.board.${game}`);
    // Every seat shows its clock; a running one counts down between the server's frames.
    await host.waitForFunction(() => document.querySelectorAll('.seat .seat-clock').length === 4);
    const mine = async () => host.evaluate(() => {
      const el = document.querySelector('.seat[data-seat="0"] .seat-clock');
      return { text: el.textContent, running: el.classList.contains('running') };
    });
    const seconds = (text) => text.split(':').reduce((a, b) => a * 60 + Number(b), 0);
    // Wait for the host's own decision (bots may move first) and watch its clock for 2 s.
    await host.waitForFunction(() => document.body.dataset.myturn === '1', null, { timeout: 60000 });
    const first = await mine();
    const title = await host.title();
    expect(title.startsWith('●'), `the tab says it is your turn: ${title}`);
    await host.waitForTimeout(2100);
    const later = await mine();
    expect(first.running && later.running, `the host's clock runs: ${JSON.stringify([first, later])}`);
    expect(seconds(first.text) - seconds(later.text) >= 1, `the clock counts down: ${first.text} then ${later.text}`);
    expect(seconds(first.text) <= 300, `at most the move's time: ${first.text}`);
    await screenshot(host, `${game}-table-clock`);

    let shot = false;
    const result = await playUntilOver(host, {
      rng: seeded(11),
      onMove: async (moves) => {
        if (!shot && moves >= 8) {
          shot = true;
          await screenshot(host, `${game}-table-mid`);
          // On a phone the seats and their clocks fit without sideways scrolling.
          await host.setViewportSize({ width: 390, height: 844 });
          const overflow = await host.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow <= 0, `the phone-sized page overflows by ${overflow}px`);
          await screenshot(host, `${game}-table-phone`);
          await host.setViewportSize({ width: 1200, height: 900 });
        }
      },
    });
    expect(result.state === 'over', `the game ended (${result.state})`);
    expect(result.moves > 0, 'the browser seat made moves');
    await host.waitForSelector('.outcome');
    const { checks, state } = await trustState(host);
    expect(checks.hashes === 'ok' && checks.seed === 'ok', `checks ${JSON.stringify(checks)}`);
    expect(state.stats.mismatches === 0 && state.stats.badOpenings === 0, `stats ${JSON.stringify(state.stats)}`);
    // The record says which moves the bots made: every move of seats 1-3, none of seat 0.
    const record = await (await fetch(`${server.base}/api/rooms/${code}/transcript?game=1`)).json();
    const byBot = (seat) => record.moves.filter((m) => m.seat === seat).map((m) => !!m.bot);
    expect(byBot(0).length > 0 && byBot(0).every((b) => !b), 'the host made its own moves');
    for (const seat of [1, 2, 3]) expect(byBot(seat).length > 0 && byBot(seat).every((b) => b), `seat ${seat}'s moves are its bot's`);
    expect(!(await host.title()).startsWith('●'), 'the tab no longer says it is your turn');
    await screenshot(host, `${game}-table-over`);
    checkPages([host]);
  } finally {
    await browser.close();
    await server.stop();
  }
});
