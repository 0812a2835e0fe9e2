// When a turn clock runs out. With "the bot makes that move", the player whose clock ran out is
// told on screen that the bot moved for them (not only "you played …" in the log). With
// "forfeit", the end says whose clock ran out, to that player too (not "the other player
// forfeited"), and the log says it in words. A game whose catalog entry has a forfeit.
import {
  launchBrowser, newPage, checkPages, screenshot, createRoom, expect, run, startWithGame, seatCount,
} from './lib.mjs';

await run('a clock that runs out: the bot moves for you, or you forfeit, and the page says so', async () => {
  const { server, entry } = await startWithGame((g) => (g.outcome_reasons || []).some((r) => r.reason === 'forfeit'),
    ['--bot-budget-ms', '10'], 'no game with a forfeit');
  const game = entry.id;
  const browser = await launchBrowser();
  const pages = [];
  try {
    for (const onTimeout of ['bot', 'forfeit']) {
      const page = await newPage(browser, server, { label: `${game}-${onTimeout}`, locale: 'en-US' });
      pages.push(page);
      const options = { clock: 'move', move_seconds: 2, on_timeout: onTimeout };
      await createRoom(page, server, game, { name: 'Aki', options });
      for (let s = 1; s < seatCount(entry, options); s++) {
        await page.click(`[data-key=add-bot-${s}]`);
        await page.waitForSelector(`.seat[data-seat="${s}"][data-state=bot]`);
      }
      await page.click('#start');
      await page.waitForSelector(`.board.${game}`);
      // The player's turn comes, and they let the clock run out.
      await page.waitForFunction(() => document.body.dataset.myturn === '1', null, { timeout: 30000 });
      if (onTimeout === 'bot') {
        await page.waitForSelector('#notices .notice[data-tag=bot-moved]', { timeout: 15000 });
        const said = await page.textContent('#notices .notice[data-tag=bot-moved]');
        expect(/time ran out/.test(said) && /bot moved for you/.test(said), `the notice says the bot moved: "${said}"`);
        await screenshot(page, `timeout-bot-moved-${game}`);
      } else {
        await page.waitForSelector('.outcome', { timeout: 15000 });
        const reason = await page.textContent('.outcome .reason');
        expect(/Aki/.test(reason) && /ran out of time/.test(reason), `the reason names whose time ran out: "${reason}"`);
        expect(!/the other player/.test(reason), `not "the other player" to the one who forfeited: "${reason}"`);
        const log = (await page.locator('.log-list li').allTextContents()).join(' | ');
        expect(/Aki \(you\) ran out of time and forfeits/.test(log) && !/forfeit \(/.test(log), `the log says the forfeit in words: ${log}`);
        expect(!/the other player/.test(log), `the log names the seat that forfeited: ${log}`);
        expect(await page.locator('#notices .notice[data-tag=bot-moved]').count() === 0, 'a forfeit is no move of the bot');
        await screenshot(page, `timeout-forfeit-${game}`);
      }
    }
    checkPages(pages);
  } finally {
    await browser.close();
    await server.stop();
  }
});
