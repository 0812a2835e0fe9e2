// A gone player's seat in a room whose host may open it (drop_policy "host"): the player leaves
// the game (asked first), their bot plays the seat at once and nobody else can take it; the
// host sees "Open this seat", opens it (asked first), and only then a newcomer with the link
// sits down there and plays on with that seat's cards.
import {
  launchBrowser, newPage, checkPages, screenshot, createRoom, joinByLink, playUntilOver, seeded, expect, run,
  startWithGame, makeOneMove, clickConfirming,
} from './lib.mjs';

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

await run('the host opens the seat of a player who left, and a newcomer takes it', async () => {
  const { server } = await startWithGame('oikake', ['--bot-budget-ms', '10']);
  const browser = await launchBrowser();
  const pages = [];
  try {
    const host = await newPage(browser, server, { label: 'host', locale: 'en-US', viewport: DESK });
    pages.push(host);
    await createRoom(host, server, 'oikake', { name: 'Aki', options: { drop_policy: 'host' } });
    const link = await host.inputValue('#share-link');
    const guest = await newPage(browser, server, { label: 'guest', locale: 'en-US', viewport: PHONE });
    pages.push(guest);
    await joinByLink(guest, link, 'Bo');
    await host.waitForSelector('#start:not([disabled])');
    await host.click('#start');
    await guest.waitForSelector('.board.oikake');
    // Nothing to open while Bo is here.
    expect(await host.locator('[data-key=open-seat-1]').count() === 0, 'no "Open this seat" for a player at the table');

    // Bo leaves (asked first); the bot plays the seat at once.
    const asked = await clickConfirming(guest, '#leave');
    await guest.waitForFunction(() => location.pathname === '/');
    expect(/bot/i.test(asked), `leaving says the bot plays for you: "${asked}"`);
    await host.waitForSelector('.seat[data-seat="1"][data-state=disconnected] .tag.bot');
    const stranger = await newPage(browser, server, { label: 'stranger', locale: 'ja-JP', viewport: PHONE });
    pages.push(stranger);
    await stranger.goto(link);
    await stranger.waitForSelector('.room-preview');
    expect(await stranger.isDisabled('[data-key=join]'), 'nobody else may take the seat before the host opens it');

    // The host opens it, asked first.
    await host.waitForSelector('[data-key=open-seat-1]');
    await screenshot(host, 'open-seat-host-desk');
    const question = await clickConfirming(host, '[data-key=open-seat-1]');
    await host.waitForSelector('.seat[data-seat="1"][data-state=open]');
    expect(/Bo/.test(question), `opening a seat asks first, by name: "${question}"`);

    // The newcomer takes it and plays on from that seat.
    await stranger.reload();
    await stranger.waitForSelector('[data-key=join]:not([disabled])');
    await stranger.fill('#join-name', 'Chi');
    await stranger.click('[data-key=join]');
    await stranger.waitForFunction(() => document.body.dataset.seat === '1' && document.querySelector('.board.oikake'));
    await host.waitForSelector('.seat[data-seat="1"][data-state=connected]');
    await screenshot(stranger, 'open-seat-newcomer-phone');
    // Bo's key no longer holds the seat: the room's link shows the join page.
    await guest.goto(link);
    await guest.waitForSelector('#join-name');
    const rng = seeded(61);
    if (await stranger.evaluate(() => document.body.dataset.myturn === '1')) await makeOneMove(stranger, rng);
    const [a, b] = await Promise.all([playUntilOver(host, { rng: seeded(62) }), playUntilOver(stranger, { rng })]);
    expect(a.state === 'over' && b.state === 'over', `the game ended (${a.state}, ${b.state})`);
    checkPages(pages);
  } finally {
    await browser.close();
    await server.stop();
  }
});
