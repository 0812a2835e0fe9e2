// A player reloads the page in the middle of a game and goes on playing: every move of its own
// after the reload is applied (the server acknowledges it as new, the game moves on), because
// the page's request ids never repeat one it sent before the reload.
import { startServer, launchBrowser, newPage, checkPages, screenshot, createRoom, joinByLink, makeOneMove, playUntilOver,
  seeded, expect, run } from './lib.mjs';

await run('oikake: after a reload, every move of the reloaded seat is applied', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const host = await newPage(browser, server, { label: 'host' });
    await createRoom(host, server, 'oikake', { name: 'Aki', options: { mode: 'normal', first_seat: 0 } });
    const guest = await newPage(browser, server, { label: 'guest' });
    // Every action the guest sends and every answer it gets, over both page loads.
    const sent = new Map();  // id -> action type
    const acks = [];
    guest.on('websocket', (ws) => {
      ws.on('framesent', (f) => {
        const m = JSON.parse(f.payload);
        if (m.type === 'action') sent.set(m.id, m.action.type);
      });
      ws.on('framereceived', (f) => {
        const m = JSON.parse(f.payload);
        if (m.type === 'ack' || (m.type === 'error' && sent.has(m.re))) acks.push(m);
      });
    });
    await joinByLink(guest, await host.inputValue('#share-link'), 'Bo');
    await host.waitForSelector('#start:not([disabled])');
    await host.click('#start');
    await guest.waitForSelector('.board.oikake');

    // A few turns, so the guest has used some ids before it reloads. The deal is the server's
    // own random one, so a game can end (a catch) before the guest has made all its moves: then
    // both say yes to a rematch and the count goes on in the next game, with ids still new.
    const hostRng = seeded(21), guestRng = seeded(22);
    const ready = () => document.body.dataset.myturn === '1' && document.body.dataset.busy !== '1';
    const guestMoves = async (count) => {
      for (let done = 0; done < count;) {
        const who = await Promise.race([
          guest.waitForFunction(ready).then(() => 'guest'),
          host.waitForFunction(ready).then(() => 'host'),
          host.waitForFunction(() => document.body.dataset.status === 'over').then(() => 'over'),
        ]);
        if (who === 'over') {
          await guest.waitForFunction(() => document.body.dataset.status === 'over');
          await host.click('#rematch');
          await guest.click('#rematch');
          for (const p of [host, guest]) await p.waitForFunction(() => document.body.dataset.status === 'playing' && document.body.dataset.version === '0');
          continue;
        }
        if (who === 'host') {
          await makeOneMove(host, hostRng);
          continue;
        }
        const before = Number(await guest.evaluate(() => document.body.dataset.version));
        const acksBefore = acks.length;
        await makeOneMove(guest, guestRng);
        // Applied: its answer is a fresh ack, and the game moved past the version it was made at.
        await guest.waitForFunction((v) => Number(document.body.dataset.version) > v, before, { timeout: 5000 });
        for (let i = 0; i < 50 && acks.length === acksBefore; i++) await new Promise((r) => setTimeout(r, 20));
        expect(acks.length > acksBefore, 'the move was answered');
        const answer = acks[acks.length - 1];
        expect(answer.type === 'ack' && !answer.duplicate, `the move was applied: ${JSON.stringify(answer)}`);
        done++;
      }
    };
    await guestMoves(3);
    const beforeReload = sent.size;
    await guest.reload();
    await guest.waitForFunction(() => document.body.dataset.seat === '1' && document.querySelector('.board.oikake'));
    await guestMoves(5);
    expect(sent.size >= beforeReload + 5, `ids after the reload are new ones (${beforeReload} before, ${sent.size} in all)`);
    expect(acks.every((a) => a.type === 'ack' && !a.duplicate), `every answer a fresh ack: ${JSON.stringify(acks.filter((a) => a.type !== 'ack' || a.duplicate))}`);
    await screenshot(guest, 'oikake-after-reload');

    const [a, b] = await Promise.all([playUntilOver(host, { rng: seeded(23) }), playUntilOver(guest, { rng: seeded(24) })]);
    expect(a.state === 'over' && b.state === 'over', 'the game ended');
    checkPages([host, guest]);
  } finally {
    await browser.close();
    await server.stop();
  }
});
