// The replay viewer (/r/{code}/replay?game=N&seat=S&step=K): a finished game move by move,
// forward, back, to any move, or playing by itself, on the game's own board as one seat saw
// it, or as the spectators did. The server recomputes the views from the game's record
// (/api/rooms/{code}/replay); this page applies its patches, checks every view against its
// hash, and keeps the address in step so that a replay, at a given move, has its own link.
import { h, fill } from './dom.js';
import { t, getLang } from './i18n.js';
import { boardFor, drawBoard, loadBoard } from './games.js';
import { boardContext } from './board_context.js';
import { applyPatch } from './patch.js';
import { viewHash } from './canonical.js';
import { outcomeBox } from './outcome.js';
import { fetchRoom, seatLabel } from './room_preview.js';

const MAX_WINDOWS = 50;  // 50,000 steps: longer games are shown up to there
const SPEEDS = [2000, 1000, 500, 250];

export class ReplayPage {
  constructor(root, code, { gameNo, seat, step, titleOf }) {
    this.root = root;
    this.code = code;
    this.gameNo = gameNo;
    this.seat = seat;  // null: the spectators' view
    this.step = step;
    this.titleOf = titleOf;
    this.timer = null;
    this.speed = 1000;
  }

  async start() {
    document.body.dataset.status = 'replay';
    fill(this.root, h('p', { class: 'muted' }, t('loading')));
    const room = await fetchRoom(this.code);
    if (room.missing) return this.gone();
    this.room = room.info;
    if (!this.gameNo) this.gameNo = this.room?.finished?.at(-1) || 0;
    if (!(await this.load())) return this.gone();
    await loadBoard(this.game);
    this.step = Math.max(0, Math.min(this.step ?? 0, this.views.length - 1));
    this.renderShell();
    this.show();
    window.__replay = {
      step: () => this.step,
      steps: () => this.views.length,
      view: () => this.views[this.step],
      verified: () => this.verified,
      goTo: (k) => this.goTo(k),
    };
  }

  // Leaving the page: no more timers or key handlers.
  stop() {
    this.pause();
    if (this.keys) document.removeEventListener('keydown', this.keys);
  }

  gone() {
    document.body.dataset.status = 'gone';
    fill(this.root, h('section', { class: 'gone' }, h('p', { role: 'alert' }, t('replay_missing')),
      h('a', { href: '/', class: 'button primary', 'data-link': '' }, t('back_home'))));
  }

  // Every window of views, the first in full and the rest as patches.
  async load() {
    this.views = [];
    this.moves = [];
    this.toAct = [];
    this.hashes = [];
    let from = 0;
    for (let w = 0; w < MAX_WINDOWS && from !== null; w++) {
      const seat = this.seat === null ? 'spectator' : this.seat;
      const res = await fetch(`/api/rooms/${this.code}/replay?game=${this.gameNo}&seat=${seat}&from=${from}`, { cache: 'no-store' });
      if (!res.ok) return this.views.length > 0;
      const r = await res.json();
      this.game = r.game;
      this.outcome = r.outcome;
      this.total = r.steps;
      let view = r.view;
      this.views.push(view);
      for (let i = 0; i < r.patches.length; i++) {
        view = applyPatch(view, r.patches[i]);
        this.views.push(view);
      }
      this.moves.push(...r.moves);
      this.toAct.push(...r.to_act);
      this.hashes.push(...r.hashes);
      from = r.next;
    }
    // The views are checked in the background; the panel says how many matched.
    this.verified = null;
    Promise.all(this.views.map((v, i) => viewHash(v).then((hash) => hash === this.hashes[i]))).then((oks) => {
      this.verified = { ok: oks.filter(Boolean).length, all: oks.length };
      if (this.el) this.renderVerified();
    });
    return true;
  }

  seatLabel(n) {
    const s = this.room?.seats?.[n];
    const name = s ? seatLabel(s) : t('seat_n', { n });
    return n === this.seat ? t('name_viewpoint', { name }) : name;
  }

  renderShell() {
    const title = this.titleOf(this.game);
    const seatSelect = h('select', { id: 'replay-seat', 'aria-label': t('replay_viewpoint') },
      h('option', { value: 'spectator', selected: this.seat === null }, t('replay_spectator')),
      (this.room?.seats || []).map((s) => h('option', { value: String(s.seat), selected: this.seat === s.seat },
        s.name ? `${s.name} (${t('seat_n', { n: s.seat })})` : t('seat_n', { n: s.seat }))));
    seatSelect.addEventListener('change', async () => {
      this.pause();
      this.seat = seatSelect.value === 'spectator' ? null : Number(seatSelect.value);
      const keep = this.step;
      if (await this.load()) {
        this.step = Math.min(keep, this.views.length - 1);
        this.show();
      }
    });
    const last = this.views.length - 1;
    const slider = h('input', { id: 'replay-slider', type: 'range', min: 0, max: last, value: this.step, 'aria-label': t('replay_jump') });
    slider.addEventListener('input', () => this.goTo(Number(slider.value)));
    const jump = h('input', { id: 'replay-jump', type: 'number', min: 0, max: last, value: this.step, inputmode: 'numeric', 'aria-label': t('replay_jump') });
    jump.addEventListener('change', () => this.goTo(Number(jump.value)));
    const button = (key, label, aria, onclick) => h('button', { type: 'button', 'data-key': key, 'aria-label': aria, onclick }, label);
    const speed = h('select', { id: 'replay-speed', 'aria-label': t('replay_speed') },
      SPEEDS.map((ms) => h('option', { value: String(ms), selected: ms === this.speed }, t('replay_every', { s: ms / 1000 }))));
    speed.addEventListener('change', () => {
      this.speed = Number(speed.value);
      if (this.timer) { this.pause(); this.play(); }
    });
    this.el = {
      slider, jump, seatSelect,
      play: button('replay-play', `▶ ${t('replay_play')}`, t('replay_play'), () => (this.timer ? this.pause() : this.play())),
      status: h('p', { class: 'replay-status', 'aria-live': 'polite' }),
      board: h('section', { class: 'board-wrap', 'aria-label': t('generic_board') }),
      verified: h('p', { class: 'muted small replay-verified' }),
      moves: h('ol', { class: 'replay-moves', start: 1, tabindex: '0', 'aria-labelledby': 'replay-moves-h' }),
    };
    const link = `/r/${this.code}`;
    fill(this.root,
      h('section', { class: 'room-head replay-head' },
        h('div', { class: 'room-title' },
          h('h2', {}, h('span', { class: 'game-name' }, title), ' ', h('span', { class: 'status-pill', 'data-status': 'replay' }, t('replay'))),
          h('p', { class: 'code-line' }, t('game_n', { n: this.gameNo }), ' · ', t('room_code'), ': ',
            h('a', { href: link, 'data-link': '' }, h('code', { id: 'room-code' }, this.code)))),
        h('div', { class: 'replay-viewpoint' }, h('label', { for: 'replay-seat' }, t('replay_viewpoint')), seatSelect)),
      h('div', { class: 'replay-controls', role: 'group', 'aria-label': t('replay_controls') },
        button('replay-first', '◀◀', t('replay_first'), () => this.goTo(0)),
        button('replay-back', '◀', t('replay_back'), () => this.goTo(this.step - 1)),
        this.el.play,
        button('replay-forward', '▶', t('replay_forward'), () => this.goTo(this.step + 1)),
        button('replay-last', '▶▶', t('replay_last'), () => this.goTo(this.views.length - 1)),
        h('label', { class: 'replay-jump' }, t('replay_move'), ' ', jump, ` / ${last}`),
        speed),
      slider,
      this.el.status,
      h('div', { class: 'room-grid' },
        h('div', { class: 'main-col' }, this.el.board),
        h('aside', { class: 'side-col' },
          h('section', { class: 'log' }, h('h2', { id: 'replay-moves-h' }, t('replay_moves')), this.el.moves),
          this.el.verified)));
    this.keys = (ev) => {
      if (ev.target.closest && ev.target.closest('input, select, textarea')) return;
      if (ev.key === 'ArrowRight') this.goTo(this.step + 1);
      else if (ev.key === 'ArrowLeft') this.goTo(this.step - 1);
      else return;
      ev.preventDefault();
    };
    document.addEventListener('keydown', this.keys);
    this.renderVerified();
  }

  renderVerified() {
    const v = this.verified;
    this.el.verified.textContent = v ? t(v.ok === v.all ? 'replay_verified' : 'replay_unverified', { n: v.ok, all: v.all }) : '';
    this.el.verified.dataset.ok = v ? String(v.ok === v.all) : '';
  }

  goTo(k) {
    const step = Math.max(0, Math.min(k, this.views.length - 1));
    if (Number.isNaN(step)) return;
    this.step = step;
    if (this.step === this.views.length - 1) this.pause();
    this.show();
  }

  play() {
    if (this.step >= this.views.length - 1) this.step = 0;
    this.el.play.textContent = `■ ${t('replay_pause')}`;
    this.el.play.setAttribute('aria-label', t('replay_pause'));
    this.timer = setInterval(() => this.goTo(this.step + 1), this.speed);
    this.show();
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.el) {
      this.el.play.textContent = `▶ ${t('replay_play')}`;
      this.el.play.setAttribute('aria-label', t('replay_play'));
    }
  }

  // Move n (from 1) in words, described against the view it was made in.
  moveText(board, n, ctx) {
    const m = this.moves[n - 1];
    const what = board.describeAction ? board.describeAction(m.action, { ...ctx, view: this.views[n - 1] }) : m.action.type;
    return `${this.seatLabel(m.seat)}: ${what}`;
  }

  show() {
    const last = this.views.length - 1;
    const view = this.views[this.step];
    const board = boardFor(this.game);
    const ctx = boardContext({
      you: this.seat,
      seatLabel: (n) => this.seatLabel(n),
      subject: (n) => this.seatLabel(n),
      names: (this.room?.seats || []).map((x) => x.name),
      options: this.room?.options || {},
      view,
      legal: [],
      toAct: this.toAct[this.step] || [],
      over: this.step === last,
      opened: new Map(),
    });
    fill(this.el.board, drawBoard(board, ctx));
    if (this.step === last && this.outcome) this.el.board.prepend(outcomeBox(board, this.outcome, ctx));
    const waiting = (this.toAct[this.step] || []).map((n) => this.seatLabel(n)).join(t('list_sep'));
    this.el.status.textContent = [
      this.step === 0 ? t('replay_deal') : t('replay_after', { n: this.step, what: this.moveText(board, this.step, ctx) }),
      this.step < last && waiting ? t('waiting_for', { who: waiting }) : this.step === last ? t('game_over') : '',
    ].filter(Boolean).join(' — ');
    this.el.slider.value = String(this.step);
    this.el.jump.value = String(this.step);
    this.root.dataset.step = String(this.step);
    document.body.dataset.step = String(this.step);
    document.body.dataset.steps = String(this.views.length);
    // The moves list, the current one marked (the list is long: only a window around it).
    const from = Math.max(0, this.step - 30), to = Math.min(this.moves.length, this.step + 30);
    this.el.moves.start = from + 1;
    fill(this.el.moves, this.moves.slice(from, to).map((m, i) => {
      const n = from + i + 1;
      return h('li', { class: n === this.step ? 'current' : '' },
        h('a', { href: this.link(n), 'data-step': n, onclick: (ev) => { ev.preventDefault(); this.goTo(n); } }, this.moveText(board, n, ctx)));
    }));
    // Keep the current move in sight inside the list, without scrolling the page.
    const current = this.el.moves.querySelector('.current');
    if (current) this.el.moves.scrollTop = current.offsetTop - this.el.moves.offsetTop - this.el.moves.clientHeight / 2;
    history.replaceState(null, '', this.link(this.step));
    document.documentElement.lang = getLang();
  }

  link(step) {
    const seat = this.seat === null ? '' : `&seat=${this.seat}`;
    return `/r/${this.code}/replay?game=${this.gameNo}${seat}&step=${step}`;
  }

  render() {
    // The language switch: texts are made again in the new language.
    if (!this.el) return;
    document.removeEventListener('keydown', this.keys);
    this.renderShell();
    this.show();
  }
}
