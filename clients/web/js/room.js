// The room page: the room's code and invite link, the lobby (who sits where, who is waited
// for), the decision of the moment in words, the game's board with its legal moves, the event
// log and the trust panel. One Session per page. The parts that are not the room's own job
// live in their modules: the board API (board_context.js), the lobby (lobby.js), the log
// (event_log.js), the trust panel, the turn sound, the screen reader's announcements.
import { h, fill, clear, snapshotLayout, animateChanges } from './dom.js';
import { t, has, getLang } from './i18n.js';
import { Session, seats as seatStore } from './session.js';
import { boardFor, drawBoard, loadBoard } from './games.js';
import { describeGeneric } from './games/generic.js';
import { savedName, saveName } from './prefs.js';
import { canonical } from './canonical.js';
import { outcomeBox, outcomeText } from './outcome.js';
import { fetchRoom, previewNode, finishedGamesNode, seatLabel } from './room_preview.js';
import { turnSound } from './turn_sound.js';
import { observations } from './observations.js';
import { trustPanel } from './trust_panel.js';
import { boardContext } from './board_context.js';
import { EventLog } from './event_log.js';
import { announce } from './announcer.js';
import { walkthrough } from './walkthrough.js';
import { helpButton } from './help_panel.js';
import { shareLinks, lobbyNode, seatListNode, seatChoice, clockText } from './lobby.js';

export { clockText };

export class RoomPage {
  constructor(root, code, { session = null, watch = false, go }) {
    this.root = root;
    this.code = code;
    this.watch = watch;
    this.go = go;
    this.session = session;
    this.pick = {};             // a board's half-built action (e.g. the face-up card chosen)
    this.busy = false;
    this.log = new EventLog();
    this.lastEvent = 0;         // highest event "n" shown for this game
    this.logGame = 0;
    this.obs = {};
    this.deal = null;           // result of the deal re-derivation
    this.prevRoom = null;
    this.wasMyTurn = false;
    this.ticker = null;         // counts the clocks down between frames
    this.ready = null;          // the game's board, loaded
    this.ackedVersions = new Set();  // versions this page's own actions made
    this.lastPrompt = '';
    this.outcomeSaid = 0;
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

  // The game's board module, once the room's game is known (the page draws no board before).
  useGame(game) {
    if (!this.ready && game) {
      this.ready = loadBoard(game).then((board) => {
        this.boardLoaded = true;
        this.render();
        return board;
      });
    }
    return this.ready || Promise.resolve(null);
  }

  async start() {
    this.renderShell();
    window.scrollTo(0, 0);  // a room opens at its top: the code and the invite link
    if (!this.session) {
      // Without a seat here, the room is shown (or said to be unknown) before anything else.
      const stored = seatStore.get(this.code);
      if (!(stored && stored.token)) {
        const found = await fetchRoom(this.code);
        if (found.missing) return this.showGone(t('error_unknown_room'));
        this.preview = found.info;
        if (this.preview) await this.useGame(this.preview.game);
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
      await this.useGame(this.session.roomInfo?.game);
    }
    this.render();
  }

  bind() {
    const s = this.session;
    this.prevRoom = s.roomInfo;  // what the page was created with (a room made on the home page)
    s.addEventListener('room', (e) => this.onRoom(e.detail));
    s.addEventListener('moved', (e) => this.notice(() => t('you_moved', { n: e.detail.seat }), 'info', 'moved'));
    s.addEventListener('view', (e) => {
      // The board of the game may still be loading: the view is taken as it is now and
      // absorbed once it is there, in arrival order.
      const tr_ = s.tracker;
      const seen = { ...e.detail, view: tr_.view, version: tr_.version, gameNo: tr_.gameNo, toActBefore: this.toActNow || [],
        clockBefore: s.clockBeforeFrame };
      this.toActNow = [...tr_.toAct];
      this.useGame(s.roomInfo?.game || tr_.view?.game).then(() => this.onView(seen));
    });
    s.addEventListener('resync', (e) => {
      const version = e.detail?.version ?? s.tracker.version;
      this.notice(() => t('resynced', { version }), 'warn', 'resync');
    });
    s.addEventListener('gone', (e) => {
      const m = e.detail;
      this.showGone(m.type === 'kicked' ? t('kicked') : m.type === 'closed' ? t('closed') : t('room_gone', { why: m.reason || m.code }));
    });
    s.addEventListener('reconnecting', (e) => this.setConn(false, e.detail.moving));
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

  // `moving`: the server handed the table over (it stopped, or another serves the room now):
  // the table is coming back, which is said as such rather than as a lost connection.
  setConn(ok, moving = false) {
    document.body.dataset.connected = ok ? '1' : '0';
    const bar = this.root.querySelector('.conn');
    if (bar) {
      bar.hidden = ok;
      bar.textContent = t(moving ? 'table_moving' : 'reconnecting');
    }
  }

  // `text` is a function that makes the text, so that it follows the language switch.
  notice(text, kind = 'info', tag = '') {
    const box = document.getElementById('notices');
    const make = typeof text === 'function' ? text : () => text;
    if (box) {
      const el = h('div', { class: ['notice', kind], 'data-tag': tag, role: kind === 'warn' ? 'alert' : 'status' }, make(),
        h('button', { class: 'dismiss', 'aria-label': t('dismiss'), onclick: () => el.remove() }, '×'));
      box.append(el);
      if (kind !== 'warn') setTimeout(() => el.remove(), 6000);
    }
    this.log.add(make, kind === 'warn' ? 'warn' : 'room');
    this.renderLog();
  }

  addLog(text, kind = 'game') {
    this.log.add(text, kind);
    this.renderLog();
  }

  seatName(seat) {
    const info = this.session?.roomInfo?.seats?.[seat];
    const name = info ? seatLabel(info) : t('seat_n', { n: seat });
    return seat === this.session?.seat ? t('name_you', { name }) : name;
  }

  // A seat as the subject of a sentence: "you" for this page's own seat.
  seatSubject(seat) {
    if (seat === this.session?.seat) return t('subject_you');
    const info = this.session?.roomInfo?.seats?.[seat];
    return info ? seatLabel(info) : t('seat_n', { n: seat });
  }

  onRoom(info) {
    const prev = this.prevRoom;
    this.useGame(info.game);
    if (prev) {
      const yesBefore = new Set(prev.rematch || []);
      for (const s of info.seats) {
        const was = prev.seats[s.seat];
        const before = was?.state;
        const name = () => seatLabel(s);
        // A player who moved in the lobby: their name left a seat that is empty now.
        const movedFrom = before === 'empty' && s.state !== 'empty' &&
          prev.seats.find((x) => x.seat !== s.seat && x.name === s.name && x.state === s.state && info.seats[x.seat]?.state === 'empty');
        if (before === 'connected' && s.state === 'disconnected') this.addLog(() => t('seat_left', { who: name() }), 'room');
        if (!was?.bot && s.bot && s.state !== 'bot' && s.state !== 'open') this.addLog(() => t('seat_bot_stands_in', { who: name() }), 'room');
        if (before !== 'open' && s.state === 'open') this.addLog(() => t('seat_opened_log', { who: was ? seatLabel(was) : t('seat_n', { n: s.seat }) }), 'room');
        if (movedFrom) this.addLog(() => t('seat_moved_log', { who: name(), n: s.seat }), 'room');
        else if (before === 'empty' && s.state === 'bot') this.addLog(() => t('seat_bot_added', { who: name() }), 'room');
        if (before === 'disconnected' && s.state === 'connected') this.addLog(() => t('seat_back', { who: name() }), 'room');
        if (!movedFrom && (before === 'empty' || before === 'open') && s.state === 'connected') this.addLog(() => t('seat_joined', { who: name(), n: s.seat }), 'room');
        if (info.status === 'over' && (info.rematch || []).includes(s.seat) && !yesBefore.has(s.seat)) {
          this.addLog(() => t('rematch_said_yes', { who: this.seatName(s.seat) }), 'room');
          if (s.seat !== this.session.seat) announce(t('rematch_said_yes', { who: this.seatName(s.seat) }));
        }
      }
      if (prev.status !== 'playing' && info.status === 'playing') announce(t('announce_started', { game: this.titles?.[info.game] || info.game }));
    }
    this.prevRoom = info;
    this.render();
  }

  onView({ kind, check, view, version, gameNo, toActBefore, clockBefore }) {
    const s = this.session;
    if (kind === 'snapshot' || kind === 'update') {
      if (gameNo !== this.logGame) {
        if (this.logGame) this.addLog(() => '―――', 'sep');
        this.logGame = gameNo;
        this.lastEvent = 0;
        this.pick = {};
        this.deal = null;
        this.obs = observations.load(s.room, gameNo, s.seat);
      }
      if (check && !check.ok) this.notice(() => t('problem', { what: this.problemText(check.problem) }), 'warn', 'problem');
      const fresh = this.absorbEvents(view, kind === 'update');
      if (kind === 'update') this.sayWhatHappened(fresh, version, toActBefore, clockBefore);
      const board = boardFor(s.roomInfo?.game || view?.game);
      if (board.observe && view) {
        board.observe(view, this.obs, version);
        observations.save(s.room, gameNo, s.seat, this.obs);
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

  // A game's events in words (the board's words, else the generic ones); a forfeit is the
  // room's own event in every game.
  eventText(e) {
    if (e.type === 'forfeit' && Number.isInteger(e.seat)) return t('ev_forfeit', { who: this.seatName(e.seat) });
    const board = boardFor(this.session.roomInfo?.game || this.session.tracker.view?.game);
    return (board.describeEvent && board.describeEvent(e, this.ctxBase())) || describeGeneric(e);
  }

  // The events of `view` not yet in the log, added to it; returns them.
  absorbEvents(view) {
    if (!view || !Array.isArray(view.log)) return [];
    const fresh = [];
    for (const e of view.log) {
      if (!e || typeof e.n !== 'number' || e.n <= this.lastEvent) continue;
      this.lastEvent = e.n;
      fresh.push(e);
      this.log.add(() => this.eventText(e), 'game');
    }
    return fresh;
  }

  // The screen reader hears each move; a move of this seat that this page did not send was
  // its bot's (a clock that ran out): that is said on screen too, not only in the log.
  sayWhatHappened(fresh, version, toActBefore, clockBefore) {
    const s = this.session;
    const mine = this.ackedVersions.has(version);
    for (const e of fresh) announce(this.eventText(e));
    const me = s.seat;
    if (!mine && Number.isInteger(me) && toActBefore.includes(me) && s.clock) {
      const left = clockBefore?.[me];
      const byBot = fresh.filter((e) => e.seat === me && e.type !== 'forfeit');
      if (left !== undefined && left < 1500 && byBot.length) {
        const what = byBot.map((e) => () => this.eventText(e));
        this.notice(() => t('bot_moved_for_you', { what: what.map((f) => f()).join(t('list_sep')) }), 'warn', 'bot-moved');
      }
    }
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
      subject: (n) => this.seatSubject(n),
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
      if (r.type === 'error') this.notice(() => t('refused', { why: r.message || r.code }), 'warn', 'refused');
      else {
        this.ackedVersions.add(r.version);
        walkthrough.decided(this.session.roomInfo?.game);
      }
    } catch (e) {
      this.notice(() => t('refused', { why: e.message }), 'warn', 'refused');
    } finally {
      this.busy = false;
      document.body.dataset.busy = '0';
      this.render();
    }
  }

  async command(type, fields) {
    try {
      const r = await this.session.command(type, fields);
      if (r.type === 'error') this.notice(() => t('refused', { why: r.message || r.code }), 'warn', 'refused');
    } catch (e) {
      this.notice(() => t('refused', { why: e.message }), 'warn', 'refused');
    }
  }

  renderShell() {
    clear(this.root);
    this.el = {
      conn: h('div', { class: 'conn', role: 'status', hidden: true }),
      head: h('section', { class: 'room-head' }),
      lobby: h('section', { class: 'lobby', 'aria-labelledby': 'lobby-h', hidden: true }),
      links: h('div', { class: 'links-wrap' }),
      seats: h('section', { class: 'seats', 'aria-labelledby': 'seats-h' }),
      controls: h('div', { class: 'controls' }),
      status: h('p', { class: 'turn-status' }),
      rematch: h('section', { class: 'rematch-wrap', 'aria-label': t('rematch'), hidden: true }),
      statusText: h('span', {}),
      statusClock: h('span', { class: 'seat-clock running status-clock', 'aria-label': t('clock_label') }),
      decision: h('div', { class: 'decision', id: 'decision-box' }),
      board: h('section', { class: 'board-wrap', 'aria-label': t('generic_board') }),
      legend: h('div', { class: 'legend-wrap' }),
      more: h('section', { class: 'more-actions' }),
      log: h('section', { class: 'log', 'aria-labelledby': 'log-h' }),
      trust: h('section', { class: 'trust', 'aria-labelledby': 'trust-h' }),
      join: h('section', { class: 'join-box', hidden: true }),
      finished: h('div', { class: 'finished-wrap' }),
    };
    if (!this.ticker) this.ticker = setInterval(() => this.tick(), 250);
    this.el.grid = h('div', { class: 'room-grid' },
      h('div', { class: 'main-col' }, this.el.lobby, this.el.status, this.el.rematch, this.el.decision, this.el.board, this.el.more, this.el.legend),
      h('aside', { class: 'side-col' }, this.el.links, this.el.seats, this.el.controls, this.el.finished, this.el.log, this.el.trust));
    this.el.status.append(this.el.statusText, this.el.statusClock);
    this.root.append(this.el.conn, this.el.head, this.el.join, this.el.grid);
  }

  renderJoinForm() {
    const box = this.el.join;
    box.hidden = false;
    this.el.grid.hidden = true;  // the room shows in the preview until you are in it
    const name = h('input', { id: 'join-name', type: 'text', maxlength: 40, value: savedName(), placeholder: t('name_placeholder'), autocomplete: 'nickname' });
    const error = h('p', { class: 'error', role: 'alert' });
    const info = this.session?.roomInfo || this.preview;
    const game = info && this.catalog?.find((g) => g.id === info.game);
    const choice = info ? seatChoice(info, boardFor(info.game)) : null;
    const join = async (ev) => {
      ev.preventDefault();
      saveName(name.value.trim());
      const r = await this.session.join(this.code, name.value.trim(), choice?.value());
      if (r.type === 'joined') {
        box.hidden = true;
        this.el.grid.hidden = false;
        window.scrollTo(0, 0);
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
    // Every seat taken (and none given up): watching is what is left.
    const full = !!info && !info.seats.some((x) => x.state === 'empty' || x.state === 'open');
    fill(box, h('form', { class: 'join-form', onsubmit: join },
      h('h2', {}, t('room'), ' ', h('code', {}, this.code)),
      info && previewNode(info, { title: this.titles?.[info.game] || info.game, schema: game?.options }),
      info && finishedGamesNode(this.code, info.finished),
      h('div', { class: 'field' }, h('label', { for: 'join-name' }, t('your_name')), name),
      choice?.node,
      h('div', { class: 'button-row' },
        h('button', { type: 'submit', class: 'primary', 'data-key': 'join', disabled: full }, t('join_as_player')),
        h('button', { type: 'button', onclick: watch, 'data-key': 'watch' }, t('spectate'))),
      full && h('p', { class: 'hint' }, t('error_room_full')),
      error));
    name.focus({ preventScroll: true });
  }

  showGone(text) {
    this.gone = true;
    this.stop();
    fill(this.root, h('section', { class: 'gone' }, h('p', { role: 'alert' }, text),
      h('a', { href: '/', class: 'button primary', 'data-link': '' }, t('back_home'))));
    document.body.dataset.status = 'gone';
  }

  render() {
    if (this.gone || !this.el || !this.session) return;
    const s = this.session;
    const info = s?.roomInfo;
    document.body.dataset.seat = s?.seat === null ? 'spectator' : String(s?.seat ?? '');
    document.body.dataset.status = info?.status || '';
    document.body.dataset.version = String(s?.tracker.version ?? -1);
    document.body.dataset.resyncs = String(s?.resyncs ?? 0);
    this.renderHead(info || this.preview);
    this.renderLobby(info);
    this.renderSeats(info);
    this.renderControls(info);
    fill(this.el.finished, finishedGamesNode(this.code, info?.finished));
    this.renderBoard(info);
    this.renderLog();
    this.renderTrust();
  }

  renderHead(info) {
    const game = info?.game;
    const title = game ? (this.titles?.[game] || game) : '';
    const entry = this.catalog?.find((g) => g.id === game);
    const inLobby = !info || info.status === 'lobby';
    fill(this.el.head,
      h('div', { class: 'room-title' },
        h('h2', {}, h('span', { class: 'game-name' }, title), ' ',
          h('span', { class: 'status-pill', 'data-status': info?.status || '' }, info ? t(`status_${info.status}`) : '')),
        h('p', { class: 'code-line' }, t('room_code'), ': ', h('code', { class: 'room-code', id: 'room-code' }, this.code),
          game && ' ', game && helpButton(game, entry, title))));
    // In the lobby the links are in the lobby panel; during and after a game, folded beside
    // the seats, out of the way of the board.
    fill(this.el.links, !inLobby && h('details', { class: 'links-box', open: this.linksOpen || undefined },
      h('summary', { onclick: (ev) => { this.linksOpen = !ev.currentTarget.parentElement.open; } }, t('share_links')),
      shareLinks(this.code)));
  }

  renderLobby(info) {
    const show = !!info && info.status === 'lobby';
    this.el.lobby.hidden = !show;
    if (!show) return clear(this.el.lobby);
    fill(this.el.lobby, lobbyNode(info, {
      session: this.session, board: boardFor(info.game),
      command: (type, fields) => this.command(type, fields),
    }));
  }

  renderSeats(info) {
    const s = this.session;
    const playing = info?.status === 'playing';
    fill(this.el.seats, h('h2', { id: 'seats-h' }, t('seats')),
      seatListNode(info, { session: s, board: boardFor(info?.game), toAct: playing ? new Set(s?.tracker.toAct || []) : new Set(),
        clock: playing ? s.clockLeft() : null, command: (type, fields) => this.command(type, fields), sitAt: (n) => this.sitAt(n),
        hostOpensSeats: hostOpensSeats(info), openSeat: (n, who) => { if (confirm(t('open_seat_confirm', { who }))) this.command('open_seat', { seat: n }); } }),
      info ? h('p', { class: 'muted' }, t('spectators', { n: info.spectators })) : null);
  }

  renderControls(info) {
    const s = this.session;
    const box = clear(this.el.controls);
    if (!info) return;
    // After a game the question of the next one is asked where the outcome is said (a phone
    // shows it without scrolling past the board).
    fill(this.el.rematch, info.status === 'over' && Number.isInteger(s.seat) &&
      rematchNode(info, s, (n) => this.seatName(n), () => this.command('rematch')));
    this.el.rematch.hidden = !this.el.rematch.firstChild;
    if (s.host) {
      box.append(h('button', { class: 'danger', id: 'close', 'data-key': 'close', onclick: () => { if (confirm(t('close_confirm'))) this.command('close'); } }, t('close_room')));
    }
    if (s.seat !== undefined) box.append(h('button', { id: 'leave', 'data-key': 'leave', onclick: () => this.leave(info) }, t('leave')));
    if (Number.isInteger(s.seat)) {
      const sound = h('input', { type: 'checkbox', id: 'turn-sound', checked: turnSound.on(),
        onchange: () => { turnSound.set(sound.checked); if (sound.checked) turnSound.play(); } });
      box.append(h('label', { class: 'check small', for: 'turn-sound' }, sound, ' ', t('turn_sound')));
    }
  }

  // Leaving a game asks first, and keeps this browser's key to the seat: the seat's bot plays
  // it at once, and coming back to the room's link sits down again (unless the host of a room
  // that allows it opens the seat to others). In the lobby the seat is given up.
  async leave(info) {
    const seated = Number.isInteger(this.session.seat);
    if (seated && info.status === 'playing') {
      if (!confirm(t(hostOpensSeats(info) ? 'leave_confirm_host' : 'leave_confirm'))) return;
      await this.session.stepAway();
    } else if (seated && info.status === 'over') {
      await this.session.stepAway();
    } else {
      await this.session.leave();
    }
    this.go('/');
  }

  // A player moves to another empty seat of the lobby, say to sit with a friend's team; the
  // same key holds it (the server answers "moved"), so a reload keeps the new seat.
  async sitAt(seat) {
    const r = await this.session.command('sit', { seat }).catch((e) => ({ type: 'error', message: e.message }));
    if (r.type === 'error') this.notice(() => (r.code === 'seat_taken' ? t('seat_moved_elsewhere') : t('refused', { why: r.message || r.code })), 'warn', 'seat-taken');
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
    const view = this.boardLoaded ? tr_.view : null;
    const board = boardFor(info?.game || view?.game);
    const legal = s.seat === null || s.seat === undefined ? [] : tr_.legal;
    const over = info?.status === 'over' || (view && view.phase === 'game_over');
    // Waited for now (some games also offer optional moves, such as talk, to other seats).
    const myTurn = legal.length > 0 && Number.isInteger(s.seat) && tr_.toAct.includes(s.seat);
    let status = '';
    if (!view) status = '';
    else if (over) status = outcomeText(board, view.outcome, this.ctxBase(), view.game) || t('game_over');
    else if (myTurn) status = t('your_turn');
    else if (tr_.toAct.length) status = t('waiting_for', { who: tr_.toAct.map((n) => this.seatName(n)).join(t('list_sep')) });
    if (s.seat === null && view) status = `${t('spectating')} — ${status}`;
    // The clock of the decision the line speaks of (yours, else the first running), where a
    // phone shows it without scrolling to the seats.
    const left = view && !over ? s.clockLeft() : null;
    const running = s.clock?.running || [];
    const shown = running.includes(s.seat) ? s.seat : running[0];
    if (this.el.statusText.textContent !== status) this.el.statusText.textContent = status;
    this.el.status.hidden = !status;
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
      clear(this.el.decision);
      clear(this.el.legend);
      return;
    }
    const ctx = boardContext({ ...this.ctxBase(), view, legal, toAct: tr_.toAct, over, opened: tr_.opened, pick: this.pick }, {
      busy: this.busy,
      act: (a) => this.act(a),
      setPick: (p) => { this.pick = p; walkthrough.decided(info?.game || view.game); this.render(); },
    });
    this.renderDecision(board, ctx, { myTurn, over, game: info?.game || view.game });
    const before = snapshotLayout(this.el.board);
    const hadFocus = this.el.board.contains(document.activeElement);
    fill(this.el.board, drawBoard(board, ctx));
    animateChanges(this.el.board, before, !this.firstBoard);
    this.firstBoard = false;
    // A keyboard player whose button went away with the last move finds the next decision
    // where the focus is: on the sentence that says it (the next Tab is its first move).
    if (hadFocus && !this.el.board.contains(document.activeElement)) {
      (this.el.decision.querySelector('#decision') || this.el.board.querySelector('.act:not(:disabled)'))?.focus({ preventScroll: true });
    }
    // Any legal move the board did not place stays reachable here.
    const rest = ctx.uncovered();
    const more = clear(this.el.more);
    if (rest.length) {
      more.append(h('h3', {}, t('more_actions')), h('div', { class: 'action-row' },
        rest.map((a) => h('button', { type: 'button', class: 'act', 'data-action': canonical(a), 'data-key': `more-${canonical(a)}`,
          disabled: this.busy, onclick: () => this.act(a) }, (board.describeAction || describeGeneric)(a, ctx)))));
    }
    fill(this.el.legend, board.legend ? legendNode(board.legend(ctx)) : null);
    const outcome = view.outcome;
    if (over && outcome) {
      this.el.board.prepend(outcomeBox(board, outcome, ctx));
      if (this.outcomeSaid !== tr_.gameNo) {
        this.outcomeSaid = tr_.gameNo;
        announce(outcomeText(board, outcome, ctx, view.game));
      }
    }
  }

  // The sentence of the decision under way: who decides what, and why (the board's own
  // words, from the view alone); on a player's first games, a hint of what to do.
  renderDecision(board, ctx, { myTurn, over, game }) {
    const text = over ? '' : board.prompt ? board.prompt(ctx) : '';
    const hint = myTurn && board.hint && walkthrough.active(game) ? board.hint(ctx) : '';
    const box = this.el.decision;
    box.dataset.myturn = myTurn ? '1' : '0';
    fill(box, text && h('p', { id: 'decision', class: ['prompt', 'decision-text'], tabindex: '-1', 'data-prompt': '' }, text),
      hint && h('p', { class: 'walkthrough', 'data-walkthrough': '' }, h('span', { class: 'walkthrough-tag' }, t('walkthrough_tag')), ' ', hint, ' ',
        h('button', { type: 'button', class: 'small', 'data-key': 'walkthrough-done', onclick: () => { walkthrough.dismiss(game); this.render(); } }, t('walkthrough_done'))));
    // The screen reader hears the decision when it changes: a new turn, a new step.
    if (text && text !== this.lastPrompt && (myTurn || !this.lastPromptMine)) announce(myTurn ? t('announce_your_turn', { what: text }) : text);
    this.lastPrompt = text;
    this.lastPromptMine = myTurn;
  }

  renderLog() {
    if (this.el) this.log.render(this.el.log);
  }

  renderTrust() {
    const s = this.session;
    if (!s || !this.el) return;
    if (this.deal) this.maybeCheckDeal();  // labels follow the language switch
    // Nothing to check before the first game's first view.
    const st = s.tracker.stats;
    this.el.trust.hidden = st.updates + st.snapshots === 0;
    fill(this.el.trust, trustPanel(s.tracker, this.deal));
  }
}

// Whether the host of this room may open the seat of a player who is gone (drop_policy "host",
// or "open" from an older release).
export function hostOpensSeats(info) {
  const p = info?.options?.drop_policy;
  return p === 'host' || p === 'open';
}

// After a game: who said yes to the next one, who is awaited, and this player's "Play again".
// Bots and the bots of gone players say yes by themselves (the server counts them).
function rematchNode(info, session, name, sayYes) {
  const yes = new Set(info.rematch || []);
  const player = (x) => (x.state === 'connected' || x.state === 'disconnected') && !x.bot;
  const waiting = info.seats.filter((x) => player(x) && !yes.has(x.seat) && x.seat !== session.seat).map((x) => name(x.seat));
  const askers = [...yes].filter((n) => n !== session.seat).map(name);
  const mine = yes.has(session.seat);
  const empty = info.seats.some((x) => x.state === 'empty' || x.state === 'open');
  const away = info.seats.some((x) => player(x) && x.state === 'disconnected' && !yes.has(x.seat));
  let text = t('rematch_ask');
  if (mine && waiting.length) text = t('rematch_waiting', { who: waiting.join(t('list_sep')) });
  else if (mine) text = t('rematch_seat_needed');
  else if (askers.length) text = t('rematch_again_q', { who: askers.join(t('list_sep')) });
  return h('div', { class: 'rematch-box', 'data-rematch': mine ? 'yes' : askers.length ? 'asked' : 'none' },
    h('p', { class: 'rematch-text', role: 'status' }, text),
    empty && !(mine && !waiting.length) && h('p', { class: 'hint' }, t('rematch_seat_needed')),
    session.host && away && h('p', { class: 'hint' }, t('rematch_waiting_host')),
    !mine && h('button', { class: 'primary', id: 'rematch', 'data-key': 'rematch', onclick: sayYes }, t('rematch_button')));
}

// "What the marks mean": a board's legend, folded under the board (a tap opens it).
function legendNode(entries) {
  if (!entries || !entries.length) return null;
  return h('details', { class: 'legend zone' }, h('summary', {}, t('legend_title')),
    h('dl', { class: 'legend-list' }, entries.map(([mark, meaning]) => [h('dt', {}, mark), h('dd', {}, meaning)])));
}
