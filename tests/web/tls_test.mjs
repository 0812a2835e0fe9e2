// The browser client over https:// on the server's own port: an address typed with http:// is
// sent on to https:// by the server, two pages create and join a room through the share link
// and play a whole Oikake game over wss://, and every check of the page passes. Chromium takes
// the test's self-signed certificate with --ignore-certificate-errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  startServer, launchBrowser, newPage, checkPages, screenshot, createRoom, joinByLink, playUntilOver,
  seeded, trustState, expect, run, makeCertificate,
} from './lib.mjs';

await run('tls: a whole game in the browser over https and wss', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nyanhall-web-tls-'));
  const { cert, key } = makeCertificate(dir);
  const server = await startServer(['--tls-cert', cert, '--tls-key', key]);
  const browser = await launchBrowser({ args: ['--ignore-certificate-errors'] });
  const sockets = [];
  try {
    const host = await newPage(browser, server, { label: 'host' });
    host.on('websocket', (ws) => sockets.push(ws.url()));
    expect(server.base.startsWith('https://'), `the server's address ${server.base}`);

    // Typed without the s: the server answers 308 and the browser lands on https://.
    const plain = server.base.replace(/^https:/, 'http:');
    const landed = await host.goto(`${plain}/`);
    const first = landed.request().redirectedFrom();
    expect(first && first.url() === `${plain}/`, `the first request was ${first && first.url()}`);
    expect((await first.response()).status() === 308, 'the plain request was answered 308');
    expect(host.url() === `${server.base}/`, `the page is at ${host.url()}`);

    const code = await createRoom(host, server, 'oikake', { name: 'Aki' });
    const link = await host.inputValue('#share-link');
    expect(link === `${server.base}/r/${code}`, `share link ${link}`);
    const guest = await newPage(browser, server, { label: 'guest', viewport: { width: 390, height: 844 } });
    guest.on('websocket', (ws) => sockets.push(ws.url()));
    await joinByLink(guest, link, 'Bo');
    await host.waitForSelector('.seat[data-seat="1"][data-state=connected]');
    await host.click('#start');
    for (const p of [host, guest]) await p.waitForSelector('.board.oikake');
    await screenshot(host, 'tls-oikake-start');

    const [a, b] = await Promise.all([
      playUntilOver(host, { rng: seeded(11) }),
      playUntilOver(guest, { rng: seeded(12) }),
    ]);
    expect(a.state === 'over' && b.state === 'over', `the game ended (${a.state}, ${b.state})`);
    for (const p of [host, guest]) {
      await p.waitForSelector('.outcome');
      await p.waitForSelector('[data-check=deal].ok', { timeout: 10000 });
      const { checks, state } = await trustState(p);
      expect(checks.hashes === 'ok' && checks.seed === 'ok' && checks.deal === 'ok', `${p.label} checks ${JSON.stringify(checks)}`);
      expect(state.stats.mismatches === 0, `${p.label}: no mismatch`);
    }
    await screenshot(host, 'tls-oikake-over');
    await screenshot(guest, 'tls-oikake-phone-over');

    // Every WebSocket went over TLS to the page's own host.
    expect(sockets.length >= 2, `WebSockets opened: ${sockets.join(', ')}`);
    const wss = `wss://127.0.0.1:${server.port}/ws`;
    expect(sockets.every((u) => u.startsWith(wss)), `WebSockets: ${sockets.join(', ')}`);
    checkPages([host, guest]);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
