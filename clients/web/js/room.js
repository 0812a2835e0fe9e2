// The room page: code and share links, seats and who is connected, host controls, the game's
// board with its legal moves, the event log and the trust panel. One Session per page.
import { h, fill, clear, snapshotLayout, animateChanges } from './dom.js';
import { t, tr, has, getLang } from './i18n.js';
import { Session, seats as seatStore } from './session.js';
import { boardFor, drawBoard } from './games.js';
import { describeGeneric } from './games/generic.js';
import { savedName, saveName } from './home.js';
import { sha256Source } from './sha256.js';
import { canonical } from './canonical.js';
import { outcomeBox } from './outcome.js';
import { fetchRoom, previewNode, finishedGamesNode, seatLabel } from './room_preview.js';

const sameAction = (a, b) => canonical(a) === canonical(b);

// 75 s as "1:15"; an hour or more as "1:02:03".
export function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

// The turn sound: off unless the player turned it on (kept in this browser).
const turnSound = {
  on() { try { return localStorage.getItem('nyanhall.sound') === '1'; } catch { return false; } },
  set(on) { try { localStorage.setItem('nyanhall.sound', on ? '1' : '0'); } catch { /* private mode */ } },
  // Two short tones made here (no sound file to fetch).
  play() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      this.ctx = this.ctx || new Ctx();
      const now = this.ctx.currentTime;
      [[660, 0], [880, 0.12]].forEach(([hz, at]) => {
        const osc = this.ctx.createOscillator();
        const gain = this.ctx.createGain();
        osc.frequency.value = hz;
        gain.gain.setValueAtTime(0.12, now + at);
        gain.gain.exponentialRampToValueAtTime(0.001, now + at + 0.1);
        osc.connect(gain).connect(this.ctx.destination);
        osc.start(now + at);
        osc.stop(now + at + 0.11);
      });
    } catch { /* no audio here */ }
  },
};

function copyText(text, button) {
  const done = () => {
    const old = button.textContent;
    button.textContent = t('copied');
    setTimeout(() => { button.textContent = old; }, 1500);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text) && done());
  } else if (fallbackCopy(text)) done();
}

function fallbackCopy(text) {
  const area = h('textarea', { style: { position: 'fixed', opacity: '0' } }, text);
  document.body.append(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  area.remove();
  return ok;
}

// What a seat saw that the deal check needs (kept across reloads, per room, game and seat).
const observations = {
  key: (room, gameNo, seat) => `nyanhall.obs.${room}.${gameNo}.${seat ?? 'spectator'}`,
  load(room, gameNo, seat) {
    try { return JSON.parse(localStorage.getItem(this.key(room, gameNo, seat)) || '{}'); } catch { return {}; }
  },
  save(room, gameNo, seat, obs) {
    try { localStorage.setItem(this.key(room, gameNo, seat), JSON.stringify(obs)); } catch { /* full */ }
  },
};

export class RoomPage {
  constructor(root, code, { session = null, watch = false, go }) {
    this.root = root;
    this.code = code;
    this.watch = watch;
    this.go = go;
    this.session = session;
    this.pick = {};             // a board's half-built action (e.g. the face-up card chosen)
    this.busy = false;
    this.log = [];              // {text: () => string, kind}: texts are made when shown, in the current language
    this.lastEvent = 0;         // highest event "n" shown for this game
    this.logGame = 0;
    this.notices = [];
    this.obs = {};
    this.obsKey = null;
    this.deal = null;           // result of the deal re-derivation
    this.prevRoom = null;
    this.wasMyTurn = false;
    this.ticker = null;         // counts the clocks down between frames
  }

  stop() {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    document.title = t('app_name');
  }

  // Redraws only the clocks (four times a second while a room has one).
  tick() {
    const left = this.session?.clockLeft();
    if (!left) return;
    for (const el of this.root.querySelectorAll('.seat-clock[data-seat]')) {
      const ms = left[Number(el.dataset.seat)];
      if (ms === undefined) continue;
      el.textContent = ms > 0 ? clockText(ms) : t('clock_out');
      el.classList.toggle('low', ms < 10_000);
    }
  }

  async start() {
    this.renderShell();
    if (!this.session) {
      // Without a seat here, the room is shown (or said to be unknown) before anything else.
      const stored = seatStore.get(this.code);
      if (!(stored && stored.token)) {
        const found = await fetchRoom(this.code);
        if (found.missing) return this.showGone(t('error_unknown_room'));
        this.preview = found.info;
      }
      this.session = new Session();
      try {
        await this.session.connect(this.code);
      } catch {
        this.showGone(t('room_gone', { why: 'connection' }));
        return;
      }
      this.bind();
      if (stored && stored.token) {
        const r = await this.session.reconnect(this.code, stored.token);
        if (r.type !== 'joined') {
          seatStore.forget(this.code);
          if (r.code === 'unknown_room') return this.showGone(t('error_unknown_room'));
          this.renderJoinForm();
        }
      } else if (this.watch) {
        const r = await this.session.spectate(this.code);
        if (r.type !== 'joined') return this.showGone(this.errorText(r));
      } else {
        this.renderJoinForm();
      }
    } else {
      this.bind();
    }
    this.render();
  }

  bind() {
    const s = this.session;
    this.prevRoom = s.roomInfo;  // what the page was created with (a room made on the home page)
    s.addEventListener('room', (e) => this.onRoom(e.detail));
    s.addEventListener('view', (e) => this.onView(e.detail));
    s.addEventListener('resync', (e) => {
      const version = e.detail?.version ?? s.tracker.version;
      this.notice(() => t('resynced', { version }), 'warn', 'resync');
    });
    s.addEventListener('gone', (e) => {
      const m = e.detail;
      this.showGone(m.type === 'kicked' ? t('kicked') : m.type === 'closed' ? t('closed') : t('room_gone', { why: m.reason || m.code }));
    });
    s.addEventListener('reconnecting', () => this.setConn(false));
    s.addEventListener('connection', (e) => {
      if (e.detail.connected) {
        this.setConn(true);
        if (e.detail.rejoined) this.notice(() => t('reconnected'), 'ok');
      }
    });
    window.__nyan = {
      session: s,
      corruptView: (pointer, value) => s.corruptView(pointer, value),
      state: () => ({ seat: s.seat, version: s.tracker.version, view: s.tracker.view, legal: s.tracker.legal,
        resyncs: s.resyncs, stats: s.tracker.stats, deal: this.deal, seedOk: s.tracker.seedOk }),
    };
  }

  errorText(r) {
    const key = `error_${r.code}`;
    return has(key) ? t(key) : (r.message || r.code || 'error');
  }

  setConn(ok) {
    document.body.dataset.connected = ok ? '1' : '0';
    const bar = this.root.querySelector('.conn');
    if (bar) {
      bar.hidden = ok;
      bar.textContent = t('reconnecting');
    }
  }

  // `text` is a string or a function that makes it (so the log follows the language switch).
  notice(text, kind = 'info', tag = '') {
    const box = document.getElementById('notices');
    if (!box) return;
    const el = h('div', { class: ['notice', kind], 'data-tag': tag, role: kind === 'warn' ? 'alert' : 'status' }, typeof text === 'function' ? text() : text,
      h('button', { class: 'dismiss', 'aria-label': '×', onclick: () => el.remove() }, '×'));
    box.append(el);
    if (kind !== 'warn') setTimeout(() => el.remove(), 6000);
    this.addLog(text, kind === 'warn' ? 'warn' : 'room');
  }

  addLog(text, kind = 'game') {
    this.log.push({ text: typeof text === 'function' ? text : () => text, kind });
    if (this.log.length > 200) this.log.shift();
    this.renderLog();
  }

  seatName(seat) {
    const info = this.session?.roomInfo?.seats?.[seat];
    const name = info ? seatLabel(info) : t('seat_n', { n: seat });
    return seat === this.session?.seat ? t('name_you', { name }) : name;
  }

  onRoom(info) {
    const prev = this.prevRoom;
    if (prev) {
      for (const s of info.seats) {
        const before = prev.seats[s.seat]?.state;
        const name = seatLabel(s);
        if (before === 'connected' && s.state === 'disconnected') this.addLog(() => t('seat_left', { who: name }), 'room');
        if (!prev.seats[s.seat]?.bot && s.bot && s.state !== 'bot') this.addLog(() => t('seat_bot_stands_in', { who: name }), 'room');
        if (before === 'empty' && s.state === 'bot') this.addLog(() => t('seat_bot_added', { who: name }), 'room');
        if (before === 'disconnected' && s.state === 'connected') this.addLog(() => t('seat_back', { who: name }), 'room');
        if ((before === 'empty' || before === 'open') && s.state === 'connected') this.addLog(() => t('seat_joined', { who: name, n: s.seat }), 'room');
      }
    }
    this.prevRoom = info;
    this.render();
  }

  onView({ kind, msg, check, newGame }) {
    const s = this.session;
    const tr_ = s.tracker;
    if (kind === 'snapshot' || kind === 'update') {
      if (tr_.gameNo !== this.logGame) {
        if (this.logGame) this.addLog('―――', 'sep');
        this.logGame = tr_.gameNo;
        this.lastEvent = 0;
        this.pick = {};
        this.deal = null;
        this.obsKey = observations.key(s.room, tr_.gameNo, s.seat);
        this.obs = observations.load(s.room, tr_.gameNo, s.seat);
      }
      if (check && !check.ok) this.notice(t('problem', { what: this.problemText(check.problem) }), 'warn', 'problem');
      this.absorbEvents();
      const board = boardFor(s.roomInfo?.game || tr_.view?.game);
      if (board.observe && tr_.view) {
        board.observe(tr_.view, this.obs, tr_.version);
        observations.save(s.room, tr_.gameNo, s.seat, this.obs);
      }
      this.pick = {};
      this.maybeCheckDeal();
    }
    this.render();
  }

  problemText(p) {
    if (!p) return '';
    return [p.key, p.slot, p.version !== undefined ? `v${p.version}` : ''].filter(Boolean).join(' ');
  }

  absorbEvents() {
    const view = this.session.tracker.view;
    if (!view || !Array.isArray(view.log)) return;
    const board = boardFor(this.session.roomInfo?.game || view.game);
    for (const e of view.log) {
      if (!e || typeof e.n !== 'number' || e.n <= this.lastEvent) continue;
      this.lastEvent = e.n;
      const text = () => (board.describeEvent && board.describeEvent(e, this.ctxBase())) || describeGeneric(e);
      this.log.push({ text, kind: 'game' });
    }
    if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
  }

  maybeCheckDeal() {
    const tr_ = this.session.tracker;
    if (this.deal && this.dealLang === getLang()) return;
    if (!tr_.seed || !tr_.seedOk || !tr_.record) return;
    this.dealLang = getLang();
    const board = boardFor(this.session.roomInfo?.game || tr_.view?.game);
    if (!board.verifyDeal) {
      this.deal = { ok: null, checks: [] };
      return;
    }
    // The openings of this game, by the engine's own slot names (the server prefixes "g{n}.").
    const prefix = `g${tr_.gameNo}.`;
    const opened = new Map([...tr_.opened].filter(([slot]) => slot.startsWith(prefix)).map(([slot, v]) => [slot.slice(prefix.length), v]));
    try {
      this.deal = board.verifyDeal({ seed: tr_.seed, options: tr_.record.options, obs: this.obs, view: tr_.view,
        seat: this.session.seat, record: tr_.record, opened });
    } catch (e) {
      this.deal = { ok: false, checks: [{ label: String(e.message || e), ok: false }] };
    }
  }

  ctxBase() {
    const s = this.session;
    return {
      you: s.seat,
      seatLabel: (n) => this.seatName(n),
      names: (s.roomInfo?.seats || []).map((x) => x.name),
      options: s.roomInfo?.options || {},
    };
  }

  async act(action) {
    if (this.busy) return;
    this.busy = true;
    document.body.dataset.busy = '1';
    this.render();
    try {
      const r = await this.session.action(action);
      if (r.type === 'error') this.notice(t('refused', { why: r.message || r.code }), 'warn', 'refused');
    } catch (e) {
      this.notice(t('refused', { why: e.message }), 'warn', 'refused');
    } finally {
      this.busy = false;
      document.body.dataset.busy = '0';
      this.render();
    }
  }

  async command(type, fields) {
    try {
      const r = await this.session.command(type, fields);
      if (r.type === 'error') this.notice(t('refused', { why: r.message || r.code }), 'warn', 'refused');
    } catch (e) {
      this.notice(t('refused', { why: e.message }), 'warn', 'refused');
    }
  }

  renderShell() {
    clear(this.root);
    this.el = {
      conn: h('div', { class: 'conn', role: 'status', hidden: true }),
      head: h('section', { class: 'room-head' }),
      seats: h('section', { class: 'seats', 'aria-labelledby': 'seats-h' }),
      controls: h('div', { class: 'controls' }),
      status: h('p', { class: 'turn-status' }),
      statusText: h('span', { 'aria-live': 'polite' }),  // the clock beside it ticks, unannounced
      statusClock: h('span', { class: 'seat-clock running status-clock', 'aria-label': t('clock_label') }),
      board: h('section', { class: 'board-wrap', 'aria-label': t('generic_board') }),
      more: h('section', { class: 'more-actions' }),
      log: h('section', { class: 'log', 'aria-labelledby': 'log-h' }),
      trust: h('section', { class: 'trust', 'aria-labelledby': 'trust-h' }),
      join: h('section', { class: 'join-box', hidden: true }),
      finished: h('div', { class: 'finished-wrap' }),
    };
    if (!this.ticker) this.ticker = setInterval(() => this.tick(), 250);
    this.el.grid = h('div', { class: 'room-grid' },
        h('div', { class: 'main-col' }, this.el.status, this.el.board, this.el.more),
        h('aside', { class: 'side-col' }, this.el.seats, this.el.controls, this.el.finished, this.el.log, this.el.trust));
    this.el.status.append(this.el.statusText, this.el.statusClock);
    this.root.append(this.el.conn, this.el.head, this.el.join, this.el.grid);
  }

  renderJoinForm() {
    const box = this.el.join;
    box.hidden = false;
    this.el.grid.hidden = true;  // the room shows in the preview until you are in it
    const name = h('input', { id: 'join-name', type: 'text', maxlength: 40, value: savedName(), placeholder: t('name_placeholder'), autocomplete: 'nickname' });
    const error = h('p', { class: 'error', role: 'alert' });
    const join = async (ev) => {
      ev.preventDefault();
      saveName(name.value.trim());
      const r = await this.session.join(this.code, name.value.trim());
      if (r.type === 'joined') {
        box.hidden = true;
        this.el.grid.hidden = false;
        this.render();
      } else {
        error.textContent = this.errorText(r);
        if (r.code === 'unknown_room') this.showGone(t('error_unknown_room'));
      }
    };
    const watch = async () => {
      const r = await this.session.spectate(this.code);
      if (r.type === 'joined') {
        box.hidden = true;
        this.el.grid.hidden = false;
        history.replaceState(null, '', `/r/${this.code}?watch=1`);
        this.render();
      } else error.textContent = this.errorText(r);
    };
    const info = this.session?.roomInfo || this.preview;
    const game = info && this.catalog?.find((g) => g.id === info.game);
    // Every seat taken (and none given up): watching is what is left.
    const full = !!info && !info.seats.some((x) => x.state === 'empty' || x.state === 'open');
    fill(box, h('form', { class: 'join-form', onsubmit: join },
      h('h2', {}, t('room'), ' ', h('code', {}, this.code)),
      info && previewNode(info, { title: this.titles?.[info.game] || info.game, schema: game?.options }),
      info && finishedGamesNode(this.code, info.finished),
      h('div', { class: 'field' }, h('label', { for: 'join-name' }, t('your_name')), name),
      h('div', { class: 'button-row' },
        h('button', { type: 'submit', class: 'primary', 'data-key': 'join', disabled: full }, t('join_as_player')),
        h('button', { type: 'button', onclick: watch, 'data-key': 'watch' }, t('spectate'))),
      full && h('p', { class: 'hint' }, t('error_room_full')),
      error));
    name.focus();
  }

  showGone(text) {
    this.gone = true;
    this.stop();
    fill(this.root, h('section', { class: 'gone' }, h('p', { role: 'alert' }, text),
      h('a', { href: '/', class: 'button primary', 'data-link': '' }, t('back_home'))));
    document.body.dataset.status = 'gone';
  }

  render() {
    if (this.gone || !this.el) return;
    const s = this.session;
    const info = s?.roomInfo;
    document.body.dataset.seat = s?.seat === null ? 'spectator' : String(s?.seat ?? '');
    document.body.dataset.status = info?.status || '';
    document.body.dataset.version = String(s?.tracker.version ?? -1);
    document.body.dataset.resyncs = String(s?.resyncs ?? 0);
    this.renderHead(info || this.preview);
    this.renderSeats(info);
    this.renderControls(info);
    fill(this.el.finished, finishedGamesNode(this.code, info?.finished));
    this.renderBoard(info);
    this.renderLog();
    this.renderTrust();
  }

  renderHead(info) {
    const base = `${location.origin}/r/${this.code}`;
    const share = h('input', { id: 'share-link', readonly: true, value: base, 'aria-label': t('share_link') });
    const watch = h('input', { id: 'watch-link', readonly: true, value: `${base}?watch=1`, 'aria-label': t('spectate_link') });
    const copyShare = h('button', { type: 'button', 'data-key': 'copy-share', onclick: () => copyText(base, copyShare) }, t('copy'));
    const copyWatch = h('button', { type: 'button', 'data-key': 'copy-watch', onclick: () => copyText(`${base}?watch=1`, copyWatch) }, t('copy'));
    const game = info?.game;
    const title = game ? (this.titles?.[game] || game) : '';
    fill(this.el.head, 
      h('div', { class: 'room-title' },
        h('h2', {}, h('span', { class: 'game-name' }, title), ' ',
          h('span', { class: 'status-pill', 'data-status': info?.status || '' }, info ? t(`status_${info.status}`) : '')),
        h('p', { class: 'code-line' }, t('room_code'), ': ', h('code', { class: 'room-code', id: 'room-code' }, this.code))),
      // Open while people gather; folded during and after a game, where the board needs the room.
      h('details', { class: 'links-box', open: (this.linksOpen ?? (!info || info.status === 'lobby')) || undefined },
        h('summary', { onclick: (ev) => { this.linksOpen = !ev.currentTarget.parentElement.open; } }, t('share_links')),
        h('div', { class: 'links' },
          h('label', { for: 'share-link' }, t('share_link')), h('div', { class: 'inline' }, share, copyShare),
          h('label', { for: 'watch-link' }, t('spectate_link')), h('div', { class: 'inline' }, watch, copyWatch))));
  }

  renderSeats(info) {
    const s = this.session;
    const toAct = new Set(s?.tracker.toAct || []);
    const playing = info?.status === 'playing';
    const lobbyHost = s.host && info?.status === 'lobby';
    const clock = playing ? s.clockLeft() : null;
    fill(this.el.seats, h('h2', { id: 'seats-h' }, t('seats')),
      h('ul', { class: 'seat-list' }, (info?.seats || []).map((seat) => {
        const mine = seat.seat === s.seat;
        const isBot = seat.state === 'bot';
        const canKick = lobbyHost && !mine && seat.state !== 'empty' && !isBot;
        const running = !!s.clock && s.clock.running.includes(seat.seat);
        const ms = clock ? clock[seat.seat] : undefined;
        return h('li', { class: ['seat', `state-${seat.state}`, mine ? 'mine' : '', playing && toAct.has(seat.seat) ? 'to-act' : ''],
          'data-seat': seat.seat, 'data-state': seat.state },
          h('span', { class: 'dot', 'aria-hidden': 'true' }),
          h('span', { class: 'seat-name' }, seatLabel(seat)),
          mine && h('span', { class: 'tag' }, t('you')),
          info.host === seat.seat && h('span', { class: 'tag host' }, t('host')),
          isBot && h('span', { class: 'tag bot' }, t('state_bot')),
          seat.bot && !isBot && h('span', { class: 'tag bot', title: t('bot_stands_in') }, t('bot_stands_in_short')),
          ms !== undefined && h('span', { class: ['seat-clock', running ? 'running' : '', ms < 10_000 ? 'low' : ''],
            'data-seat': seat.seat, 'aria-label': t('clock_label') }, ms > 0 ? clockText(ms) : t('clock_out')),
          !isBot && h('span', { class: 'seat-state' }, t(`state_${seat.state}`)),
          canKick && h('button', { class: 'small', 'data-key': `kick-${seat.seat}`, onclick: () => this.command('kick', { seat: seat.seat }) }, t('kick')),
          lobbyHost && seat.state === 'empty' && h('button', { class: 'small', 'data-key': `add-bot-${seat.seat}`,
            onclick: () => this.command('add_bot', { seat: seat.seat }) }, t('add_bot')),
          lobbyHost && isBot && h('button', { class: 'small', 'data-key': `remove-bot-${seat.seat}`,
            onclick: () => this.command('remove_bot', { seat: seat.seat }) }, t('remove_bot')));
      })),
      info ? h('p', { class: 'muted' }, t('spectators', { n: info.spectators })) : null);
  }

  renderControls(info) {
    const s = this.session;
    const box = clear(this.el.controls);
    if (!info) return;
    if (s.host) {
      const full = info.seats.every((x) => x.state === 'connected' || x.state === 'disconnected' || x.state === 'bot');
      if (info.status === 'lobby') {
        box.append(h('button', { class: 'primary', id: 'start', 'data-key': 'start', disabled: !full, onclick: () => this.command('start') }, t('start')));
        if (!full) box.append(h('p', { class: 'hint' }, t('start_hint')));
      }
      if (info.status === 'over') box.append(h('button', { class: 'primary', id: 'rematch', 'data-key': 'rematch', onclick: () => this.command('rematch') }, t('rematch')));
      box.append(h('button', { class: 'danger', id: 'close', 'data-key': 'close', onclick: () => { if (confirm(t('close_confirm'))) this.command('close'); } }, t('close_room')));
    }
    if (s.seat !== undefined) {
      box.append(h('button', { id: 'leave', 'data-key': 'leave', onclick: async () => { await this.session.leave(); this.go('/'); } }, t('leave')));
    }
    if (Number.isInteger(s.seat)) {
      const sound = h('input', { type: 'checkbox', id: 'turn-sound', checked: turnSound.on(),
        onchange: () => { turnSound.set(sound.checked); if (sound.checked) turnSound.play(); } });
      box.append(h('label', { class: 'check small', for: 'turn-sound' }, sound, ' ', t('turn_sound')));
    }
  }

  // The tab says when it is your turn (and the optional sound rings once as it starts).
  markTurn(myTurn) {
    const title = this.titles?.[this.session?.roomInfo?.game] || t('app_name');
    document.title = myTurn ? t('title_your_turn', { title }) : title;
    if (myTurn && !this.wasMyTurn && turnSound.on()) turnSound.play();
    this.wasMyTurn = myTurn;
  }

  renderBoard(info) {
    const s = this.session;
    const tr_ = s.tracker;
    const view = tr_.view;
    const board = boardFor(info?.game || view?.game);
    const legal = s.seat === null || s.seat === undefined ? [] : tr_.legal;
    const over = info?.status === 'over' || (view && view.phase === 'game_over');
    // The status line.
    // Waited for now (some games also offer optional moves, such as talk, to other seats).
    const myTurn = legal.length > 0 && Number.isInteger(s.seat) && tr_.toAct.includes(s.seat);
    let status = '';
    if (!view) status = info?.status === 'lobby' ? t('status_lobby') : '';
    else if (over) status = t('game_over');
    else if (myTurn) status = t('your_turn');
    else if (tr_.toAct.length) status = t('waiting_for', { who: tr_.toAct.map((n) => this.seatName(n)).join(t('list_sep')) });
    if (s.seat === null && view) status = `${t('spectating')} — ${status}`;
    // The clock of the decision the line speaks of (yours, else the first running), where a
    // phone shows it without scrolling to the seats.
    const left = view && !over ? s.clockLeft() : null;
    const running = s.clock?.running || [];
    const shown = running.includes(s.seat) ? s.seat : running[0];
    if (this.el.statusText.textContent !== status) this.el.statusText.textContent = status;
    const clock = this.el.statusClock;
    clock.hidden = !(left && shown !== undefined);
    if (!clock.hidden) {
      clock.dataset.seat = String(shown);
      clock.textContent = left[shown] > 0 ? clockText(left[shown]) : t('clock_out');
    }
    this.el.status.dataset.myturn = myTurn ? '1' : '0';
    document.body.dataset.myturn = myTurn && !this.busy ? '1' : '0';
    this.markTurn(myTurn && !over);
    document.body.dataset.phase = view?.phase || '';
    if (!view) {
      clear(this.el.board);
      clear(this.el.more);
      return;
    }
    const covered = [];
    const ctx = {
      ...this.ctxBase(),
      view,
      legal,
      toAct: tr_.toAct,
      over,
      busy: this.busy,
      pick: this.pick,
      opened: tr_.opened,
      setPick: (p) => { this.pick = p; this.render(); },
      act: (a) => this.act(a),
      // A button that sends `action` (an element of legal); the board places it where it fits.
      actButton: (action, label, attrs = {}) => {
        covered.push(action);
        const key = attrs['data-key'] || `act-${canonical(action)}`;
        return h('button', { type: 'button', ...attrs, class: ['act', attrs.class || ''], 'data-key': key,
          'data-action': canonical(action), disabled: this.busy, onclick: () => this.act(action) }, label);
      },
      // A step of a multi-step choice (no message is sent): narrows this.pick.
      pickButton: (label, pick, attrs = {}) => h('button', { type: 'button', ...attrs, class: ['act', 'pick', attrs.class || ''],
        'data-key': attrs['data-key'] || `pick-${canonical(pick)}`, disabled: this.busy,
        onclick: () => { this.pick = pick; this.render(); } }, label),
      cover: (actions) => covered.push(...actions),
    };
    const before = snapshotLayout(this.el.board);
    fill(this.el.board, drawBoard(board, ctx));
    animateChanges(this.el.board, before, !this.firstBoard);
    this.firstBoard = false;
    // Any legal move the board did not place stays reachable here.
    const rest = legal.filter((a) => !covered.some((c) => sameAction(a, c)));
    const more = clear(this.el.more);
    if (rest.length) {
      more.append(h('h3', {}, t('more_actions')), h('div', { class: 'action-row' },
        rest.map((a) => h('button', { type: 'button', class: 'act', 'data-action': canonical(a), 'data-key': `more-${canonical(a)}`,
          disabled: this.busy, onclick: () => this.act(a) }, (board.describeAction || describeGeneric)(a, ctx)))));
    }
    const outcome = view.outcome;
    if (over && outcome) this.el.board.prepend(outcomeBox(board, outcome, ctx));
  }

  renderLog() {
    if (!this.el) return;
    const list = h('ol', { class: 'log-list' }, this.log.slice(-80).map((e) => h('li', { class: `log-${e.kind}` }, e.text())));
    fill(this.el.log, h('h2', { id: 'log-h' }, t('log')),
      this.log.length ? list : h('p', { class: 'muted' }, t('log_empty')));
    list.scrollTop = list.scrollHeight;
  }

  renderTrust() {
    const s = this.session;
    if (!s || !this.el) return;
    if (this.deal) this.maybeCheckDeal();  // labels follow the language switch
    const tr_ = s.tracker;
    const st = tr_.stats;
    const item = (ok, title, text, key) => h('li', { class: ok === true ? 'ok' : ok === false ? 'bad' : 'pending', 'data-check': key },
      h('span', { class: 'mark', 'aria-hidden': 'true' }, ok === true ? '✓' : ok === false ? '✗' : '…'),
      h('strong', {}, title), ' ', text);
    const dealOk = this.deal ? this.deal.ok : null;
    const dealText = !tr_.seed ? t('trust_deal_pending') : this.deal ? (this.deal.ok === null ? t('trust_deal_unknown')
      : this.deal.ok ? t('trust_deal_ok') : t('trust_deal_bad')) : t('trust_deal_pending');
    const items = [
      item(st.updates + st.snapshots > 0 ? true : null, t('trust_hashes'), t('trust_hashes_ok', { updates: t('count_updates', { n: st.updates }), snapshots: t('count_snapshots', { n: st.snapshots }) }), 'hashes'),
      st.mismatches > 0 && item(false, '', t('trust_mismatch', { n: st.mismatches }), 'mismatches'),
      item(st.badOpenings ? false : (tr_.commitments.size ? true : null), t('trust_commitments'),
        t('trust_commitments_ok', { sealed: t('count_sealed', { n: tr_.commitments.size }), openings: t('count_openings', { n: st.openings }) }), 'commitments'),
      st.badOpenings > 0 && item(false, '', t('trust_bad_openings', { n: st.badOpenings }), 'bad-openings'),
      item(tr_.seedOk, t('trust_seed'), tr_.seedOk === null ? t('trust_seed_pending', { h: (tr_.seedHash || '').slice(0, 12) })
        : tr_.seedOk ? t('trust_seed_ok') : t('trust_seed_bad'), 'seed'),
      item(dealOk, t('trust_deal'), dealText, 'deal'),
    ];
    const details = this.deal && this.deal.checks.length ? h('ul', { class: 'deal-checks' }, this.deal.checks.map((c) =>
      h('li', { class: c.ok ? 'ok' : 'bad' }, c.ok ? '✓ ' : '✗ ', c.label))) : null;
    fill(this.el.trust, h('h2', { id: 'trust-h' }, t('trust')),
      h('p', { class: 'muted' }, t('trust_intro')),
      h('ul', { class: 'trust-list' }, items),
      details,
      tr_.seed && h('p', { class: 'seed muted' }, t('seed_label'), ': ', h('code', {}, tr_.seed)),
      h('p', { class: 'muted small' }, t('trust_sha', { src: t(`trust_sha_${sha256Source}`) })));
  }
}
