// Picking a seat in the lobby, and so a team: a joining player chooses a free seat, the lobby
// names the teams of a team game and what the room waits for, a player moves to another empty
// seat with "Sit here" under the same key (a reload keeps it), the host moves too and swaps
// two seats. A game of the catalog with at least four seats, a team game where there is one.
import { launchBrowser, newPage, checkPages, screenshot, createRoom, expect, run, startWithGame, checkAxe } from './lib.mjs';

await run('the lobby: a seat picked when joining, teams named, a move to another seat', async () => {
  const { server, entry } = await startWithGame((g) => g.min_seats >= 4, [], 'no game of four seats or more');
  const game = entry.id;
  const browser = await launchBrowser();
  const pages = [];
  try {
    const host = await newPage(browser, server, { label: 'host', locale: 'en-US', viewport: { width: 1366, height: 768 } });
    pages.push(host);
    const code = await createRoom(host, server, game, { name: 'Aki' });
    const guest = await newPage(browser, server, { label: 'guest', locale: 'en-US', viewport: { width: 390, height: 844 } });
    pages.push(guest);
    await guest.goto(await host.inputValue('#share-link'));
    await guest.waitForSelector('.seat-choice');
    await screenshot(guest, `seats-${game}-join-phone`);
    await guest.fill('#join-name', 'Bo');
    await guest.check('#join-seat-2');
    await guest.click('[data-key=join]');
    await guest.waitForFunction(() => document.body.dataset.seat === '2');
    const status = await guest.textContent('[data-lobby-status]');
    expect(/You are Bo/.test(status) && /Aki starts the game/.test(status), `the guest's lobby says where they sit and who starts: "${status}"`);
    await host.waitForSelector('.seat[data-seat="2"][data-state=connected]');
    const teams = await host.locator('.team-line').allTextContents();
    if (teams.length) expect(teams.some((l) => /Aki/.test(l) && /Bo/.test(l)), `seats 0 and 2 make a team: ${teams.join(' | ')}`);
    // Bo moves to seat 1 with "Sit here": seat 2 is free again, seat 1 is Bo's, under the same
    // key (so a reload keeps the new seat).
    const key = () => guest.evaluate((c) => JSON.parse(localStorage.getItem(`nyanhall.seat.${c}`) || 'null'), code);
    const before = await key();
    await guest.click('[data-key=sit-1]');
    await guest.waitForFunction(() => document.body.dataset.seat === '1');
    await host.waitForSelector('.seat[data-seat="1"][data-state=connected]');
    await host.waitForSelector('.seat[data-seat="2"][data-state=empty]');
    expect((await host.textContent('.seat[data-seat="1"] .seat-name')).trim() === 'Bo', 'the seat keeps the player\'s name');
    const after = await key();
    expect(before && after && before.token === after.token && after.seat === 1, `the same key holds the new seat: ${JSON.stringify([before, after])}`);
    await guest.reload();
    await guest.waitForFunction(() => document.body.dataset.seat === '1' && document.body.dataset.status === 'lobby');
    await host.waitForSelector('.seat[data-seat="1"][data-state=connected]');
    expect(await host.locator('.seat[data-seat="2"][data-state=empty]').count() === 1, 'the reload took no other seat');
    await screenshot(guest, `seats-${game}-moved-phone`);

    // The host sits elsewhere too, and stays the host.
    await host.click('[data-key=sit-3]');
    await host.waitForFunction(() => document.body.dataset.seat === '3');
    await host.waitForSelector('.seat[data-seat="3"] .tag.host');
    expect(await host.locator('#start').count() === 1, 'the host keeps the start button');
    // The host swaps seats 1 and 2: Bo is told and sits in seat 2.
    if (await host.locator('#swap-a').count()) {
      await host.selectOption('#swap-a', '1');
      await host.selectOption('#swap-b', '2');
      await host.click('[data-key=swap-seats]');
      await guest.waitForFunction(() => document.body.dataset.seat === '2');
      await host.waitForSelector('.seat[data-seat="2"][data-state=connected]');
      await host.waitForSelector('.seat[data-seat="1"][data-state=empty]');
    }
    await screenshot(host, `seats-${game}-lobby-desk`);
    await screenshot(guest, `seats-${game}-swapped-phone`);
    await checkAxe(host, 'lobby with teams');
    await checkAxe(guest, 'lobby on a phone');
    checkPages(pages);
  } finally {
    await browser.close();
    await server.stop();
  }
});
