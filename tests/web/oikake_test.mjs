// Two browser contexts create and join an Oikake room through the share link and play a whole
// game by clicking (the second seat on a phone-sized screen, with the keyboard); the second
// seat reloads mid-game and comes back to the same seat; a third context spectates and never
// sees a hidden card, neither in its DOM nor in any WebSocket frame it receives.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  startServer, launchBrowser, newPage, checkPages, screenshot, createRoom, joinByLink, playUntilOver,
  seeded, trustState, expect, run, sourceRoot,
} from './lib.mjs';

const { applyPatch } = await import(pathToFileURL(path.join(sourceRoot, 'clients/web/js/patch.js')).href);

// Runs inside the spectator page: records any moment its DOM shows a hidden card.
function watchSpectatorDom() {
  window.__violations = [];
  const check = () => {
    if (!document.body || document.body.dataset.status === 'over' || document.querySelector('.board[data-phase=game_over]')) return;
    const bad = document.querySelectorAll('[data-zone=my-hand], [data-zone^=hand-] [data-kind], [data-zone=down][data-kind], [data-zone=final-deck]');
    if (bad.length) window.__violations.push(bad[0].outerHTML.slice(0, 200));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

// Every frame the spectator receives: keep its own copy of the view and check that nothing
// hidden is in it (hands, exchange piles, deck order, the face-down card, secret log fields),
// and that each opening arrives only once its card has been revealed to everyone.
function spectatorFrameChecker() {
  const errors = [];
  let view = null;
  let frames = 0;
  const hiddenKeys = (v) => {
    const found = [];
    if (v.phase === 'game_over') return found;
    if ('deck' in v) found.push('deck');
    for (const p of v.players || []) for (const k of ['hand', 'exchanged']) if (k in p) found.push(`players.${p.seat}.${k}`);
    if (v.table && v.table.down !== null) found.push('table.down');
    for (const e of v.log || []) {
      if (e.type === 'present' && 'down' in e) found.push(`log ${e.n} down`);
      if (e.type === 'exchange' && 'card' in e) found.push(`log ${e.n} card`);
    }
    return found;
  };
  return {
    errors,
    frames: () => frames,
    onFrame(payload) {
      frames++;
      if (typeof payload !== 'string') return errors.push('binary frame');
      if (/"token"/.test(payload)) errors.push('a token reached the spectator');
      const msg = JSON.parse(payload);
      if (msg.type === 'snapshot') view = msg.view;
      else if (msg.type === 'update' && view) view = applyPatch(view, msg.patch);
      else return;
      for (const k of hiddenKeys(view)) errors.push(`v${msg.version}: ${k}`);
      for (const o of msg.openings || []) {
        const turn = Number((o.slot.match(/t(\d+)\.down$/) || [])[1]);
        const revealed = view.phase === 'game_over' || (view.last && view.last.turn >= turn);
        if (!revealed) errors.push(`v${msg.version}: opening ${o.slot} before its reveal`);
      }
      if (msg.type === 'snapshot' && msg.legal.length) errors.push('legal moves for a spectator');
    },
  };
}

await run('oikake: create, share link, spectate, reload, complete game', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const host = await newPage(browser, server, { label: 'host' });
    const code = await createRoom(host, server, 'oikake', { name: 'Aki' });
    const link = await host.inputValue('#share-link');
    expect(link === `${server.base}/r/${code}`, `share link ${link}`);
    const watchLink = await host.inputValue('#watch-link');
    // The copy button puts the share link on the clipboard and says so.
    await host.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
    await host.click('[data-key=copy-share]');
    await host.waitForFunction(() => /コピーしました|Copied/.test(document.querySelector('[data-key=copy-share]').textContent));
    const copied = await host.evaluate(() => navigator.clipboard.readText());
    expect(copied === link, `the clipboard holds the share link (${copied})`);

    const guest = await newPage(browser, server, { label: 'guest', viewport: { width: 390, height: 844 } });
    await joinByLink(guest, link, 'Bo');
    expect(await guest.evaluate(() => document.body.dataset.seat) === '1', 'the guest sits in seat 1');

    const frames = spectatorFrameChecker();
    const spectator = await newPage(browser, server, { label: 'spectator', init: watchSpectatorDom });
    spectator.on('websocket', (ws) => ws.on('framereceived', (f) => frames.onFrame(f.payload)));
    await spectator.goto(watchLink);
    await spectator.waitForFunction(() => document.body.dataset.seat === 'spectator');

    await host.waitForSelector('.seat[data-seat="1"][data-state=connected]');
    await screenshot(host, 'oikake-lobby');
    await host.click('#start');
    for (const p of [host, guest, spectator]) await p.waitForSelector('.board.oikake');
    await screenshot(host, 'oikake-start');

    // The guest reloads once, in the middle of the game, and must come back to seat 1.
    let reloaded = false;
    const reloadMidGame = async (moves) => {
      if (reloaded || moves < 4) return;
      reloaded = true;
      await screenshot(guest, 'oikake-phone-mid');
      await guest.reload();
      await guest.waitForFunction(() => document.body.dataset.seat === '1' && document.querySelector('.board.oikake'));
    };
    // The deal is the server's own random one, so a catch can end a game before the guest's
    // fourth move. Then both say yes to a rematch and the guest reloads in that game instead;
    // everything checked below is about the game in which it reloaded.
    const hostRng = seeded(1), guestRng = seeded(2);
    for (let game = 1; ; game++) {
      const [a, b] = await Promise.all([
        playUntilOver(host, { rng: hostRng }),
        playUntilOver(guest, { rng: guestRng, keyboard: true, onMove: reloadMidGame }),
      ]);
      expect(a.state === 'over' && b.state === 'over', `game ${game} ended (${a.state}, ${b.state})`);
      if (reloaded) break;
      expect(game < 5, `the guest reloaded mid-game in one of ${game} games`);
      await spectator.waitForFunction(() => document.body.dataset.status === 'over');
      // Both players say yes; the second yes starts the next game.
      await host.click('#rematch');
      await guest.click('#rematch');
      for (const p of [host, guest, spectator]) {
        await p.waitForFunction(() => document.body.dataset.status === 'playing' && document.body.dataset.version === '0');
      }
    }
    await spectator.waitForFunction(() => document.body.dataset.status === 'over');

    // Others saw the seat go and come back.
    const hostLog = await host.textContent('.log-list');
    expect(/Boの接続が切れました/.test(hostLog) && /Boが戻ってきました/.test(hostLog), `host log: ${hostLog}`);

    // Everyone sees the outcome and every check passed, including the deal from the seed.
    for (const p of [host, guest, spectator]) {
      await p.waitForSelector('.outcome');
      await p.waitForSelector('[data-check=deal].ok', { timeout: 10000 });
      const { checks, state } = await trustState(p);
      expect(checks.hashes === 'ok' && checks.seed === 'ok' && checks.deal === 'ok', `${p.label} checks ${JSON.stringify(checks)}`);
      expect(state.stats.mismatches === 0, `${p.label}: no mismatch`);
      expect(state.deal.checks.length >= (p === spectator ? 2 : 2), `${p.label}: deal checks ${JSON.stringify(state.deal)}`);
    }
    const hostState = (await trustState(host)).state;
    const guestState = (await trustState(guest)).state;
    expect(hostState.stats.openings + guestState.stats.openings > 0, 'openings were checked');
    expect(hostState.deal.checks.length === 3, `host deal checks: ${JSON.stringify(hostState.deal.checks)}`);
    await screenshot(host, 'oikake-over');
    await screenshot(guest, 'oikake-phone-over');
    // English is one click away.
    await spectator.click('#lang');
    await spectator.waitForFunction(() => document.documentElement.lang === 'en' && /Game over/.test(document.body.textContent));
    await screenshot(spectator, 'oikake-spectator-over-en');

    // The spectator: no hidden card in any frame or at any moment in its DOM.
    expect(frames.frames() > 10, `the spectator received frames (${frames.frames()})`);
    expect(frames.errors.length === 0, `spectator frames leaked: ${frames.errors.slice(0, 5).join('; ')}`);
    const violations = await spectator.evaluate(() => window.__violations);
    expect(violations.length === 0, `spectator DOM showed hidden cards: ${violations.slice(0, 3).join('\n')}`);
    expect(await spectator.locator('main .act').count() === 0, 'the spectator has no move buttons');

    // The phone-sized page does not scroll sideways.
    const overflow = await guest.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the phone page overflows by ${overflow}px`);

    // Rematch: same seats, a new game whose checks start over; then the host closes the room.
    await host.click('#rematch');
    await guest.click('#rematch');
    for (const p of [host, guest, spectator]) {
      await p.waitForFunction(() => document.body.dataset.status === 'playing' && document.body.dataset.version === '0');
      await p.waitForSelector('[data-check=seed].pending');
    }
    expect(await guest.evaluate(() => document.body.dataset.seat) === '1', 'the guest keeps seat 1 in the rematch');
    host.once('dialog', (d) => d.accept());
    await host.click('#close');
    for (const p of [guest, spectator]) {
      await p.waitForFunction(() => document.body.dataset.status === 'gone');
      expect(/部屋は閉じられました|The room was closed/.test(await p.textContent("main")), `${p.label} says the room was closed`);
    }

    checkPages([host, guest, spectator]);
  } finally {
    await browser.close();
    await server.stop();
  }
});
