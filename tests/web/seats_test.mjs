// Picking a seat in the lobby, and so a team: a joining player chooses a free seat, the lobby
// names the teams of a team game and what the room waits for, and a player moves to another
// empty seat with "Sit here". A game of the catalog with at least four seats, a team game
// where there is one.
import { launchBrowser, newPage, checkPages, screenshot, createRoom, expect, run, startWithGame, checkAxe } from './lib.mjs';

await run('the lobby: a seat picked when joining, teams named, a move to another seat', async () => {
  const { server, entry } = await startWithGame((g) => g.min_seats >= 4, [], 'no game of four seats or more');
  const game = entry.id;
  const browser = await launchBrowser();
  const pages = [];
  try {
    const host = await newPage(browser, server, { label: 'host', locale: 'en-US', viewport: { width: 1366, height: 768 } });
    pages.push(host);
    await createRoom(host, server, game, { name: 'Aki' });
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
    // Bo moves to seat 1: seat 2 is free again, seat 1 is Bo's.
    await guest.click('[data-key=sit-1]');
    await guest.waitForFunction(() => document.body.dataset.seat === '1');
    await host.waitForSelector('.seat[data-seat="1"][data-state=connected]');
    await host.waitForSelector('.seat[data-seat="2"][data-state=empty]');
    expect((await host.textContent('.seat[data-seat="1"] .seat-name')).trim() === 'Bo', 'the seat keeps the player\'s name');
    await screenshot(guest, `seats-${game}-moved-phone`);
    await screenshot(host, `seats-${game}-lobby-desk`);
    await checkAxe(host, 'lobby with teams');
    checkPages(pages);
  } finally {
    await browser.close();
    await server.stop();
  }
});
