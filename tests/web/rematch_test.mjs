// The next game by agreement, in two browsers: the host asks for a rematch, the other player is
// shown the question (who asked, and the same "Play again"), and the game starts only when both
// have said yes. Then the other player goes away after the next game: the host removes them,
// seats a bot in their place, and the game after starts with the bot's yes.
import {
  launchBrowser, newPage, checkPages, screenshot, createRoom, joinByLink, playUntilOver, seeded, expect, run,
  startWithGame, quickOptions, checkAxe, clickConfirming,
} from './lib.mjs';

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

await run('a rematch waits for the other player; the host removes a player who is away and seats a bot', async () => {
  const { server, entry } = await startWithGame('oikake', ['--bot-budget-ms', '10']);
  const browser = await launchBrowser();
  const pages = [];
  try {
    const host = await newPage(browser, server, { label: 'host', locale: 'en-US', viewport: DESK });
    pages.push(host);
    await createRoom(host, server, 'oikake', { name: 'Aki', options: quickOptions(entry) });
    const guest = await newPage(browser, server, { label: 'guest', locale: 'ja-JP', viewport: PHONE });
    pages.push(guest);
    await joinByLink(guest, await host.inputValue('#share-link'), 'Bo');
    await host.waitForSelector('#start:not([disabled])');
    await host.click('#start');
    const [a, b] = await Promise.all([playUntilOver(host, { rng: seeded(51) }), playUntilOver(guest, { rng: seeded(52) })]);
    expect(a.state === 'over' && b.state === 'over', `game 1 ended (${a.state}, ${b.state})`);

    // Each is asked; nobody has said yes yet.
    for (const p of [host, guest]) await p.waitForSelector('.rematch-box[data-rematch=none] #rematch');
    await host.click('#rematch');
    // The host waits for Bo; Bo is shown who asked, and the game has not started.
    await host.waitForSelector('.rematch-box[data-rematch=yes]');
    const waiting = await host.textContent('.rematch-text');
    expect(/Waiting for Bo/.test(waiting), `the host reads whom the room waits for: "${waiting}"`);
    await guest.waitForSelector('.rematch-box[data-rematch=asked]');
    const asked = await guest.textContent('.rematch-text');
    expect(/Aki/.test(asked) && /遊び/.test(asked), `the guest is asked, with the host's name: "${asked}"`);
    expect(await guest.locator('.seat[data-seat="0"] .tag.yes').count() === 1, 'the seat list marks the host\'s yes');
    await guest.waitForTimeout(500);
    for (const p of [host, guest]) expect(await p.evaluate(() => document.body.dataset.status) === 'over', `${p.label}: no game before both said yes`);
    await screenshot(host, 'rematch-host-waiting-desk');
    await screenshot(guest, 'rematch-guest-asked-phone');
    await checkAxe(guest, 'rematch question');

    // Bo says yes: the next game starts for both, in the same seats.
    await guest.click('#rematch');
    for (const p of [host, guest]) {
      await p.waitForFunction(() => document.body.dataset.status === 'playing' && document.body.dataset.version === '0');
    }
    expect(await guest.evaluate(() => document.body.dataset.seat) === '1', 'the guest keeps seat 1');
    const [c, d] = await Promise.all([playUntilOver(host, { rng: seeded(53) }), playUntilOver(guest, { rng: seeded(54) })]);
    expect(c.state === 'over' && d.state === 'over', `game 2 ended (${c.state}, ${d.state})`);

    // Bo goes away. The host says yes, removes Bo (asked first) and seats a bot there: the
    // bot's yes is the last one.
    await guest.close();
    pages.pop();
    await host.waitForSelector('.seat[data-seat="1"][data-state=disconnected]');
    await host.click('#rematch');
    await host.waitForSelector('.rematch-box[data-rematch=yes]');
    await screenshot(host, 'rematch-host-away-desk');
    const question = await clickConfirming(host, '[data-key=kick-1]');
    await host.waitForSelector('.seat[data-seat="1"][data-state=empty]');
    expect(/Bo/.test(question), `removing a player asks first, by name: "${question}"`);
    expect(await host.evaluate(() => document.body.dataset.status) === 'over', 'an empty seat holds the next game back');
    await host.click('[data-key=add-bot-1]');
    // (The bot may move first at once: the game's number says it started.)
    await host.waitForFunction(() => window.__nyan.session.tracker.gameNo === 3);
    await host.waitForSelector('.seat[data-seat="1"][data-state=bot]');
    const e = await playUntilOver(host, { rng: seeded(55) });
    expect(e.state === 'over', `game 3 against the bot ended (${e.state})`);
    await screenshot(host, 'rematch-host-bot-over-desk');
    checkPages(pages);
  } finally {
    await browser.close();
    await server.stop();
  }
});
