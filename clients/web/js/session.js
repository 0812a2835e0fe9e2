// One WebSocket session with the server: the hello handshake, request ids and their answers,
// the view tracker fed in arrival order, automatic resync on a mismatch, and reconnection to
// the same seat (token kept in localStorage) after a reload or a dropped network.
import { Tracker } from './tracker.js';
import { canonical } from './canonical.js';

const PROTOCOL = 1;
const CLIENT = 'nyanhall-web/1';
// The close code of a server that no longer serves the room (PROTOCOL.md, "Close codes").
const CLOSE_RECONNECT = 4100;

// Seat tokens, one per room code, so a reload or a new tab reclaims the seat.
export const seats = {
  key: (room) => `nyanhall.seat.${room}`,
  get(room) {
    try { return JSON.parse(localStorage.getItem(this.key(room)) || 'null'); } catch { return null; }
  },
  set(room, value) { localStorage.setItem(this.key(room), JSON.stringify(value)); },
  forget(room) { localStorage.removeItem(this.key(room)); },
};

// As the server reads a code: every run of anything but ASCII letters and digits is one dash
// (full-width letters typed on a Japanese keyboard are read as their ASCII forms first).
export function normalizeCode(text) {
  return String(text || '').normalize('NFKC').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

// What a person typed or pasted into "join by code": a code, or an invite link (the room's
// address, "/r/<code>", with "?watch=1" for the watch link), from this server or another.
export function codeFromTyped(text) {
  const raw = String(text || '').trim();
  const link = /\/r\/([^/?#\s]+)(?:\/[^?#\s]*)?(\?[^#\s]*)?/.exec(raw);
  if (link) {
    let code = link[1];
    try { code = decodeURIComponent(code); } catch { /* as typed */ }
    return { code: normalizeCode(code), watch: /[?&]watch=1\b/.test(link[2] || '') };
  }
  return { code: normalizeCode(raw), watch: false };
}

// 64 random bits as hex: a page's ids never meet another page's.
function randomIdPrefix() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class Session extends EventTarget {
  constructor() {
    super();
    this.ws = null;
    // Request ids are unique across page loads and reconnects: the server answers a repeated
    // action id with the first answer (or refuses it for another action), so ids that restart
    // at 1 after a reload would collide with this seat's earlier moves.
    this.idPrefix = randomIdPrefix();
    this.nextId = 1;
    this.pending = new Map();  // id -> {resolve, reject}
    this.queue = Promise.resolve();
    this.tracker = new Tracker();
    this.room = null;          // room code once joined
    this.seat = undefined;     // number, null for a spectator, undefined before joining
    this.host = false;
    this.roomInfo = null;
    this.mode = null;          // how to rejoin after a drop: {kind: 'reconnect'|'spectate', ...}
    this.connected = false;
    this.closedForGood = false;
    this.retries = 0;
    this.resyncs = 0;
    this.resyncing = false;
    this.lastGameNo = 0;
    this.welcome = null;
    // The turn clocks of the last snapshot or update (rooms with a clock), with when it
    // arrived by this page's monotonic clock: a running clock counts down from `left` by the
    // time since then, so a wrong clock on this machine changes nothing.
    this.clock = null;
  }

  // Each seat's time left now (ms), or null without a clock.
  clockLeft() {
    const c = this.clock;
    if (!c) return null;
    const spent = performance.now() - c.at;
    return c.left.map((ms, seat) => (c.running.includes(seat) ? Math.max(0, ms - spent) : ms));
  }

  emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }

  // The room in the address lets a proxy reach the server that serves it; `replica` is the
  // server a moved room's last close named (4100), which the proxy routes by before the code.
  url(room) {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const hint = room && this.replica ? `&replica=${encodeURIComponent(this.replica)}` : '';
    return `${proto}//${location.host}/ws${room ? `?room=${encodeURIComponent(room)}${hint}` : ''}`;
  }

  // Opens the socket and says hello; resolves with the welcome.
  connect(room) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url(room));
      this.ws = ws;
      let opened = false;
      ws.onopen = () => {
        opened = true;
        this.connected = true;
        this.request({ type: 'hello', protocol: PROTOCOL, client: CLIENT }).then((w) => {
          this.welcome = w;
          if (w.type === 'welcome') resolve(w); else reject(new Error(w.message || 'hello refused'));
        }, reject);
      };
      ws.onmessage = (ev) => this.onFrame(ev.data);
      ws.onclose = (ev) => {
        if (this.ws !== ws) return;
        this.connected = false;
        for (const p of this.pending.values()) p.reject(new Error('connection closed'));
        this.pending.clear();
        if (!opened) reject(new Error('cannot connect'));
        // A server that stops (1001, 1012) or no longer serves the room (4100, its reason naming
        // the one that does) hands the table over: the player sees it coming back, not an error.
        this.replica = ev.code === CLOSE_RECONNECT && /^[a-z0-9]{1,16}$/.test(ev.reason) ? ev.reason : null;
        // (the tries that fail while the table moves do not make it a lost connection)
        if (opened || !this.moving) this.moving = ev.code === 1001 || ev.code === 1012 || ev.code === CLOSE_RECONNECT;
        this.emit('connection', { connected: false, code: ev.code });
        if (this.mode && !this.closedForGood) this.scheduleReconnect();
      };
    });
  }

  newId() {
    return `${this.idPrefix}-${this.nextId++}`;
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  request(msg) {
    const id = this.newId();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        this.pending.delete(id);
        reject(new Error('not connected'));
        return;
      }
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  onFrame(text) {
    const arrived = performance.now();
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    if (msg && (msg.type === 'snapshot' || msg.type === 'update')) {
      const c = msg.clock;
      // Each seat's time left just before this frame (a clock that ran out shows as 0 here).
      this.clockBeforeFrame = this.clockLeft();
      this.clock = c && Array.isArray(c.left) && Array.isArray(c.running) ? { left: c.left, running: c.running, mode: c.mode, at: arrived } : null;
    }
    // Everything goes through one queue so hashes are checked in arrival order.
    this.queue = this.queue.then(() => this.handle(msg)).catch((e) => console.error(e));
  }

  async handle(msg) {
    if (msg.re !== undefined && this.pending.has(msg.re)) {
      const p = this.pending.get(msg.re);
      this.pending.delete(msg.re);
      if (msg.type === 'snapshot') await this.onSnapshot(msg);
      p.resolve(msg);
      return;
    }
    switch (msg.type) {
      case 'room':
        this.roomInfo = msg;
        this.emit('room', msg);
        break;
      case 'moved':
        // The player moved (sit) or the host swapped seats, in the lobby: the same token holds
        // the new seat. The room message that shows it follows.
        if (Number.isInteger(msg.seat)) {
          this.seat = msg.seat;
          this.host = !!msg.host;
          const stored = this.room && seats.get(this.room);
          if (stored) seats.set(this.room, { ...stored, seat: msg.seat });
          this.emit('moved', msg);
        }
        break;
      case 'snapshot': await this.onSnapshot(msg); break;
      case 'update': await this.onUpdate(msg); break;
      case 'kicked':
      case 'closed':
        this.closedForGood = true;
        this.mode = null;
        if (this.room && this.seat !== null) seats.forget(this.room);
        this.emit('gone', msg);
        break;
      default:
        this.emit('message', msg);
    }
  }

  async onSnapshot(msg) {
    const newGame = msg.game_no !== this.lastGameNo;
    this.lastGameNo = msg.game_no;
    const r = await this.tracker.onSnapshot(msg);
    this.resyncing = false;
    this.emit('view', { kind: 'snapshot', msg, check: r, newGame });
  }

  async onUpdate(msg) {
    if (this.resyncing) return;  // a snapshot is on its way and replaces everything
    const before = this.tracker.view;
    const r = await this.tracker.onUpdate(msg);
    if (!r.ok && ['hash_mismatch', 'patch_failed', 'version_gap', 'update_before_snapshot'].includes(r.problem.key)) {
      this.resync(r.problem);
      return;
    }
    this.emit('view', { kind: 'update', msg, check: r, before });
  }

  // Asks for a full snapshot after a mismatch; the page says so.
  resync(problem) {
    this.resyncing = true;
    this.resyncs++;
    this.emit('resync', problem);
    this.send({ type: 'resync', id: this.newId() });
  }

  async create(game, options, name) {
    const r = await this.request({ type: 'create', game, options, name });
    if (r.type === 'joined') this.joined(r, name);
    return r;
  }

  async join(room, name, seat) {
    const msg = { type: 'join', room, name };
    if (Number.isInteger(seat)) msg.seat = seat;
    const r = await this.request(msg);
    if (r.type === 'joined') this.joined(r, name);
    return r;
  }

  async spectate(room) {
    const r = await this.request({ type: 'spectate', room });
    if (r.type === 'joined') {
      this.room = r.room;
      this.seat = null;
      this.host = false;
      this.mode = { kind: 'spectate', room: r.room };
    }
    return r;
  }

  async reconnect(room, token) {
    const r = await this.request({ type: 'reconnect', room, token });
    if (r.type === 'joined') {
      this.room = r.room;
      this.seat = r.seat;
      this.host = !!r.host;
      this.mode = { kind: 'reconnect', room: r.room, token };
    }
    return r;
  }

  joined(r, name) {
    this.room = r.room;
    this.seat = r.seat;
    this.host = !!r.host;
    seats.set(r.room, { token: r.token, seat: r.seat, name });
    this.mode = { kind: 'reconnect', room: r.room, token: r.token };
  }

  // The first try at once, then waits that double up to five seconds, each drawn between half
  // and all of it: the players of every table a server handed over do not come back in step.
  scheduleReconnect() {
    const full = this.retries === 0 ? 150 : Math.min(5000, 300 * 2 ** Math.min(this.retries - 1, 5));
    const delay = Math.round(full / 2 + Math.random() * full / 2);
    this.retries++;
    this.emit('reconnecting', { delay, moving: this.moving });
    setTimeout(() => this.rejoin(), delay);
  }

  async rejoin() {
    if (!this.mode || this.closedForGood) return;
    try {
      await this.connect(this.mode.room);
      const r = this.mode.kind === 'spectate'
        ? await this.spectate(this.mode.room)
        : await this.reconnect(this.mode.room, this.mode.token);
      if (r.type !== 'joined' && r.code === 'unavailable') {
        this.moving = true;  // the room is between servers for a moment: try again
        this.ws.close(1000);
        return;
      }
      if (r.type !== 'joined') {
        this.mode = null;
        if (r.code === 'bad_token') seats.forget(this.room);
        this.emit('gone', { type: 'error', reason: r.message, code: r.code });
        return;
      }
      this.retries = 0;
      this.moving = false;
      this.emit('connection', { connected: true, rejoined: true });
    } catch {
      // onclose schedules the next try
    }
  }

  action(action) {
    return this.request({ type: 'action', action });
  }

  command(type, fields = {}) {
    return this.request({ type, ...fields });
  }

  // Gives the seat up (in the lobby it is freed) and forgets its token.
  async leave() {
    try { await this.request({ type: 'leave' }); } catch { /* already gone */ }
    if (this.room && this.seat !== null) seats.forget(this.room);
    this.close();
  }

  // Leaves a game under way (or finished): the server has the seat's bot play it at once, and
  // the token, kept, takes it back when this browser opens the room again.
  async stepAway() {
    try { await this.request({ type: 'leave' }); } catch { /* already gone */ }
    this.close();
  }

  // Closes the connection and keeps the token: coming back to the room reclaims the seat.
  close() {
    this.mode = null;
    this.closedForGood = true;
    if (this.ws) this.ws.close(1000);
  }

  // For tests and debugging: damage the local copy as a buggy client would (set the value at
  // a JSON pointer, or add a stray key); the next update then fails its hash check and the
  // page resyncs by itself.
  corruptView(pointer, value) {
    const v = this.tracker.view;
    if (!v || typeof v !== 'object') return false;
    if (typeof pointer === 'string' && pointer.startsWith('/')) {
      const tokens = pointer.slice(1).split('/');
      let node = v;
      for (const t of tokens.slice(0, -1)) node = node?.[t];
      if (!node || typeof node !== 'object') return false;
      node[tokens[tokens.length - 1]] = value;
    } else {
      v.__corrupted = canonical(v).length;
    }
    this.emit('view', { kind: 'local' });
    return true;
  }
}
