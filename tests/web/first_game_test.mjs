// A player's first minutes, before any move: the language the browser asks for, joining by a
// code typed loosely, an unknown code said at once, the room shown before joining (game,
// options, host, seats), a seat taken without a name, and the option form refusing a bad
// value with a sentence a player can read.
import {
  startServer, launchBrowser, newPage, checkPages, screenshot, createRoom, expect, run,
} from './lib.mjs';

// Counts the WebSockets a page opens (an unknown code must not need one to be refused).
async function countSockets(page) {
  page.sockets = 0;
  page.on('websocket', () => { page.sockets++; });
}

await run('the join page, codes, the language and the option form', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const pages = [];
  try {
    // The browser's language the first time; the switch wins afterwards, also after a reload.
    const en = await newPage(browser, server, { label: 'en-browser', locale: 'en-US' });
    pages.push(en);
    await en.goto(`${server.base}/`);
    await en.waitForSelector('.game-card');
    expect(await en.evaluate(() => document.documentElement.lang) === 'en', 'an en-US browser gets the English page');
    expect((await en.textContent('#lang')).trim() === '日本語', 'the switch offers Japanese');
    await screenshot(en, 'first-home-en');
    await en.click('#lang');
    await en.waitForFunction(() => document.documentElement.lang === 'ja');
    await en.reload();
    await en.waitForSelector('.game-card');
    expect(await en.evaluate(() => document.documentElement.lang) === 'ja', 'the chosen language survives a reload');
    const ja = await newPage(browser, server, { label: 'ja-browser', locale: 'ja-JP' });
    pages.push(ja);
    await ja.goto(`${server.base}/`);
    await ja.waitForSelector('.game-card');
    expect(await ja.evaluate(() => document.documentElement.lang) === 'ja', 'a ja-JP browser gets the Japanese page');

    // The option form: a number out of range and JSON with a typo, each with a readable error.
    await ja.fill('#player-name', 'Aki');
    await ja.click('[data-create=hinode]');
    const form = ja.locator('form[data-game=hinode]');
    await form.locator('[name=players]').fill('9');
    await form.locator('button[type=submit]').click();
    const error = form.locator('.error');
    await ja.waitForFunction(() => document.querySelector('form[data-game=hinode] .error').textContent.length > 0);
    const rangeText = await error.textContent();
    expect(/3〜4/.test(rangeText) && /人数/.test(rangeText), `the range error names the option and its range: "${rangeText}"`);
    expect(await form.locator('[name=players]').getAttribute('aria-invalid') === 'true', 'the bad field is marked');
    expect(new URL(ja.url()).pathname === '/', 'no room was created');
    await form.locator('[name=players]').fill('3');
    // A map-like option offers its presets, and JSON only for a custom value.
    const presets = await form.locator('[name=map] option').evaluateAll((os) => os.map((o) => o.dataset.value));
    expect(presets.includes('"hinode6"') && presets.includes('"triad"') && presets.includes('custom'), `map presets ${presets}`);
    expect(await form.locator('[name=map-json]').isHidden(), 'no JSON box while a preset is chosen');
    await form.locator('summary').click();
    await form.locator('[name=map]').selectOption({ label: await form.locator('[name=map] option[data-value=custom]').textContent() });
    await form.locator('[name=map-json]').fill('{"areas": [\n  {"id": "A1", suit: "R"}]}');
    await form.locator('button[type=submit]').click();
    await ja.waitForFunction((before) => document.querySelector('form[data-game=hinode] .error').textContent !== before, rangeText);
    const jsonText = await error.textContent();
    expect(/JSON/.test(jsonText) && /マップ/.test(jsonText) && /2行目/.test(jsonText), `the JSON error says where: "${jsonText}"`);
    expect(!/SyntaxError|Unexpected token|position \d/.test(jsonText), `no raw parse error: "${jsonText}"`);
    await screenshot(ja, 'first-option-error');
    expect(new URL(ja.url()).pathname === '/', 'still no room');

    // A real room, and a second browser opening its link before joining.
    const code = await createRoom(ja, server, 'hinode', { name: 'Aki', options: { players: 3 } });
    const guest = await newPage(browser, server, { label: 'guest', locale: 'ja-JP', viewport: { width: 390, height: 844 } });
    pages.push(guest);
    await guest.goto(`${server.base}/r/${code}`);
    await guest.waitForSelector('.room-preview');
    const preview = await guest.textContent('.room-preview');
    const title = (await guest.textContent('.room-preview .game-name')).trim();
    expect(title.length > 0 && title !== 'hinode', `the game's title, not its id: "${title}"`);
    expect(/ホスト: Aki/.test(preview), `the host is named: ${preview}`);
    expect(/待機中/.test(preview), `the status is said: ${preview}`);
    expect((await guest.locator('.preview-seats li').count()) === 3, 'every seat is listed');
    expect(/空席 2/.test(preview), `the free seats are counted: ${preview}`);
    expect(/マップ/.test(preview) && /標準/.test(preview), `the options are shown in words: ${preview}`);
    expect(await guest.isVisible('#join-name'), 'the join form is there');
    await screenshot(guest, 'first-join-preview-phone');
    // Joining without a name: the seat is labelled as the page numbers seats, in its language.
    await guest.fill('#join-name', '');
    await guest.click('[data-key=join]');
    await guest.waitForFunction(() => document.body.dataset.seat === '1');
    await ja.waitForFunction(() => [...document.querySelectorAll('.seat-name')].some((el) => el.textContent === '席1'));
    const names = await ja.locator('.seat-list .seat-name').allTextContents();
    expect(names.includes('席1') && !names.some((n) => /Player/.test(n)), `the nameless seat: ${names}`);

    // Codes typed loosely go where the server would; an unknown code is said at once,
    // without a join form and without opening a WebSocket.
    const typer = await newPage(browser, server, { label: 'typer', locale: 'en-US' });
    pages.push(typer);
    await countSockets(typer);
    await typer.goto(`${server.base}/`);
    await typer.fill('#join-code', 'Kasumi Norepa__Hodute!!');
    await typer.click('.join-form button[type=submit]');
    await typer.waitForFunction(() => location.pathname === '/r/kasumi-norepa-hodute');
    await typer.waitForFunction(() => document.body.dataset.status === 'gone', null, { timeout: 5000 });
    expect(!(await typer.isVisible('#join-name')), 'no join form for an unknown code');
    expect(/No such room/.test(await typer.textContent('main')), 'the page says the room is unknown');
    expect(typer.sockets === 0, `no WebSocket for an unknown code (${typer.sockets})`);
    await screenshot(typer, 'first-unknown-code');
    // The real code typed with capitals and spaces opens the room.
    await typer.goto(`${server.base}/`);
    await typer.fill('#join-code', `  ${code.toUpperCase().replace(/-/g, ' _ ')}  `);
    await typer.click('.join-form button[type=submit]');
    await typer.waitForFunction((c) => location.pathname === `/r/${c}`, code);
    await typer.waitForSelector('.room-preview');
    // A closed room is unknown too, at once.
    await ja.evaluate(() => { window.confirm = () => true; });
    await ja.click('#close');
    await ja.waitForFunction(() => document.body.dataset.status === 'gone');
    const late = await newPage(browser, server, { label: 'late', locale: 'ja-JP' });
    pages.push(late);
    await countSockets(late);
    await late.goto(`${server.base}/r/${code}`);
    await late.waitForFunction(() => document.body.dataset.status === 'gone', null, { timeout: 5000 });
    expect(/見つかりません/.test(await late.textContent('main')), 'a closed room reads as unknown');
    expect(late.sockets === 0, 'no WebSocket for a closed room');
    checkPages(pages);
  } finally {
    await browser.close();
    await server.stop();
  }
});
