// A corrupted local view is detected by the next update's hash check, repaired through
// resync, and the page says so; the game then finishes with every later hash matching.
import {
  startServer, launchBrowser, newPage, checkPages, screenshot, createRoom, joinByLink, playUntilOver,
  seeded, trustState, expect, run, makeOneMove,
} from './lib.mjs';

await run('oikake: a corrupted view is detected and repaired by resync', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const host = await newPage(browser, server, { label: 'host' });
    await createRoom(host, server, 'oikake', { name: 'Aki', options: { mode: 'short', first_seat: 1 } });
    const guest = await newPage(browser, server, { label: 'guest' });
    await joinByLink(guest, await host.inputValue('#share-link'), 'Bo');
    await host.waitForSelector('#start:not([disabled])');
    await host.click('#start');
    await host.waitForSelector('.board.oikake');
    await guest.waitForSelector('.board.oikake');

    // Seat 1 presents first; before that, the host's copy of the view is damaged.
    // (The track size never changes, so no later patch can paper over the damage by chance.)
    expect((await trustState(host)).state.view.track === 10, 'short mode: 10 spaces');
    expect(await host.evaluate(() => window.__nyan.corruptView('/track', 13)), 'the debug hook corrupted the view');
    await host.waitForFunction(() => document.querySelectorAll('.track .space').length === 13);
    expect((await trustState(host)).state.resyncs === 0, 'no resync before the next update');

    // The guest's move makes the server send an update; its hash cannot match the damaged copy.
    await makeOneMove(guest);
    await host.waitForSelector('#notices .notice[data-tag=resync]');
    await host.waitForFunction(() => document.body.dataset.resyncs === '1');
    const after = (await trustState(host)).state;
    const guestView = (await trustState(guest)).state.view;
    expect(after.view.track === 10 && after.view.deck_count === guestView.deck_count, `the repaired view: track ${after.view.track}`);
    await host.waitForFunction(() => document.querySelectorAll('.track .space').length === 10);
    expect(/再同期|取り直しました/.test(await host.textContent('#notices')), 'the page says it resynced');
    await screenshot(host, 'resync-notice');

    const [a, b] = await Promise.all([playUntilOver(host, { rng: seeded(3) }), playUntilOver(guest, { rng: seeded(4) })]);
    expect(a.state === 'over' && b.state === 'over', 'the game ended');
    await host.waitForSelector('[data-check=deal].ok', { timeout: 10000 });
    const { checks, state } = await trustState(host);
    expect(state.stats.mismatches === 1 && state.resyncs === 1, `one mismatch, one resync: ${JSON.stringify(state.stats)}`);
    expect(checks.mismatches === 'bad' && checks.seed === 'ok', `the trust panel shows it: ${JSON.stringify(checks)}`);
    checkPages([host, guest]);
  } finally {
    await browser.close();
    await server.stop();
  }
});
