// The server under a table goes away and comes back (as a replica that stops hands its rooms
// over): both players are told the table is coming back, not that something broke, in their
// own language; each page reconnects by itself, on the same seat, and the game goes on to its
// end. The server is stopped with SIGTERM (close 1001) and started again on its journal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, newPage, checkPages, screenshot, createRoom, joinByLink, makeOneMove, playUntilOver,
  seeded, expect, run } from './lib.mjs';

await run('a table whose server goes away says it is coming back, and comes back', async () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'nyanhall-moving-'));
  let server = await startServer(['--journal', 'sqlite', '--data-dir', data]);
  const port = String(server.port);
  const browser = await launchBrowser();
  try {
    const host = await newPage(browser, server, { label: 'host', locale: 'en-US' });
    await createRoom(host, server, 'oikake', { name: 'Aki', options: { mode: 'normal', first_seat: 0 } });
    const guest = await newPage(browser, server, { label: 'guest', viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    await joinByLink(guest, await host.inputValue('#share-link'), 'Bo');
    await host.waitForSelector('#start:not([disabled])');
    await host.click('#start');
    await guest.waitForSelector('.board.oikake');
    const rng = seeded(5);
    await host.waitForFunction(() => document.body.dataset.myturn === '1');
    await makeOneMove(host, rng);
    await guest.waitForFunction(() => Number(document.body.dataset.version) >= 1);

    await server.stop();
    for (const [page, words] of [[host, 'moving to another server'], [guest, '別のサーバー']]) {
      await page.waitForFunction(() => document.body.dataset.connected === '0');
      const bar = await page.textContent('.conn');
      expect(bar.includes(words), `the page says the table is coming back (${bar})`);
      expect(!(await page.locator('.gone').isVisible().catch(() => false)), 'no "room gone" while the table moves');
    }
    // A try or two to reach the server meanwhile fail: the page still says the table is moving.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await guest.textContent('.conn')).includes('別のサーバー'), 'still moving after failed tries');
    await screenshot(host, 'moving-host-desk');
    await screenshot(guest, 'moving-guest-phone');

    // The same port and journal: the pages come back on their own, to the same seats.
    server = await startServer(['--journal', 'sqlite', '--data-dir', data, '--port', port]);
    for (const [page, seat] of [[host, '0'], [guest, '1']]) {
      await page.waitForFunction(() => document.body.dataset.connected === '1', null, { timeout: 20000 });
      expect((await page.evaluate(() => document.body.dataset.seat)) === seat, 'the same seat');
    }
    await screenshot(guest, 'moving-guest-back-phone');
    await Promise.all([playUntilOver(host, { rng: seeded(6) }), playUntilOver(guest, { rng: seeded(7) })]);
    checkPages([host, guest]);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});
