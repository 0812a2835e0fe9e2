// A first game of GAME as a newcomer plays it: on a phone (390x844), against the server's
// bots, with the keyboard alone. At every decision the page says in a sentence who decides
// what (a prompt that names its subject, never a bare verb), the first three carry the
// walkthrough's hint, moves and turns are announced to screen readers, the page passes
// axe-core in the lobby, at the start and at the end, and it never scrolls sideways. The
// language is switched half-way: the log and the prompts follow it.
//   node explained_test.mjs GAME
import {
  launchBrowser, newPage, checkPages, screenshot, createRoom, seeded, expect, run,
  startWithGame, quickOptions, seatCount, checkAxe, playByKeyboard,
} from './lib.mjs';

const game = process.argv[2];
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

// A prompt names its subject: "you" (あなた) or a seat by its name, in a sentence.
export function namesSubject(text, lang, names) {
  if (!text) return false;
  const subject = lang === 'en' ? /\b(you|your|everyone)\b/i.test(text) : /あなた|全員/.test(text);
  const named = names.some((n) => n && text.includes(n));
  const sentence = lang === 'en' ? text.split(/\s+/).length >= 6 : text.length >= 12;
  return (subject || named) && sentence;
}

await run(`${game}: a first game explained, by keyboard, on a phone`, async () => {
  const { server, entry } = await startWithGame(game, ['--bot-budget-ms', '10']);
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, server, { label: `${game}-explained`, viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    // A full game where a game has a short mode: the hint of a first game must be seen to go
    // after the third decision, so the browser seat must make more than three.
    const options = quickOptions(entry, { shortMode: false });
    const seats = seatCount(entry, options);
    await createRoom(page, server, game, { name: 'Aki', options });
    for (let s = 1; s < seats; s++) {
      await page.click(`[data-key=add-bot-${s}]`);
      await page.waitForSelector(`.seat[data-seat="${s}"][data-state=bot]`);
    }
    await screenshot(page, `explained-${game}-lobby`);
    await checkAxe(page, `${game} lobby`);
    // Everything the live region says, as a screen reader hears it, line by line.
    await page.evaluate(() => {
      window.__heard = [];
      new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => window.__heard.push(n.textContent))))
        .observe(document.getElementById('announcer'), { childList: true });
    });
    await page.click('#start');
    await page.waitForSelector(`.board.${game}`);
    await page.waitForFunction(() => window.__heard.length > 0);
    await screenshot(page, `explained-${game}-start`);
    await checkAxe(page, `${game} board`);

    let decisions = 0;
    let lang = 'ja';
    const prompts = new Set();
    const result = await playByKeyboard(page, {
      rng: seeded(5),
      onDecision: async () => {
        const seen = await page.evaluate(() => ({
          // The turn can pass between the wait for it and this look (an update that came in
          // between): that is no decision of this player's, and playByKeyboard looks again
          // before it presses anything.
          turn: document.body.dataset.myturn === '1' && document.body.dataset.busy !== '1',
          prompt: document.querySelector('#decision')?.textContent || '',
          hint: !!document.querySelector('[data-walkthrough]'),
          names: [...document.querySelectorAll('.seat-list .seat-name')].map((el) => el.textContent),
          lang: document.documentElement.lang,
        }));
        if (!seen.turn) return;
        decisions++;
        expect(namesSubject(seen.prompt, seen.lang, seen.names), `decision ${decisions}: the prompt names no subject: "${seen.prompt}"`);
        prompts.add(seen.prompt);
        expect(seen.hint === (decisions <= 3), `decision ${decisions}: the first game's hint ${seen.hint ? 'is still shown' : 'is missing'}`);
      },
      onMove: async (moves) => {
        if (moves === 6 && lang === 'ja') {
          await screenshot(page, `explained-${game}-mid-ja`);
          lang = 'en';
          await page.click('#lang');
          await page.waitForFunction(() => document.documentElement.lang === 'en');
          // Every line of the log, the older ones too, is now in English.
          const log = await page.locator('.log-list li').allTextContents();
          const stale = log.filter((line) => JAPANESE.test(line));
          expect(stale.length === 0, `log lines left in Japanese after the switch: ${stale.join(' | ')}`);
          await screenshot(page, `explained-${game}-mid-en`);
        }
      },
    });
    expect(result.state === 'over', `the game ended (${result.state})`);
    expect(decisions > 3, `the browser seat made its decisions (${decisions})`);
    await page.waitForSelector('.outcome');
    // Moves, turns and the outcome were said to screen readers.
    const heard = await page.evaluate(() => window.__heard);
    expect(heard.some((l) => /^(あなたの番です|Your turn)/.test(l)), 'the player\'s turns were announced');
    expect(heard.some((l) => /Bot|ボット/.test(l)), 'the bots\' moves were announced');
    expect(heard.some((l) => /Game over|ゲーム終了/.test(l)), `the outcome was announced: ${heard.slice(-3).join(' | ')}`);
    await screenshot(page, `explained-${game}-over`);
    await checkAxe(page, `${game} finished board`);
    checkPages([page]);
    console.log(`${decisions} decisions, ${prompts.size} different prompts`);
  } finally {
    await browser.close();
    await server.stop();
  }
});
