// The room's lobby and seats: the invite link at the top (where a phone shows it without
// scrolling), who sits where and in which team, what the room is waiting for ("waiting for
// the host to start", or for the host: how many seats are still free), the host's start,
// bots, kicks and seat swaps, a player's move to an empty seat, and the seat a joining player
// picks. After a game the host may remove a player who is away and seat a bot; during one, in
// a room that allows it, open the seat of a player who is gone.
import { h } from './dom.js';
import { t } from './i18n.js';
import { copyText } from './clipboard.js';
import { seatLabel } from './room_preview.js';

// 75 s as "1:15"; an hour or more as "1:02:03".
export function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

// The invite link and the watch link, each with its copy button.
export function shareLinks(code) {
  const base = `${location.origin}/r/${code}`;
  const share = h('input', { id: 'share-link', readonly: true, value: base, 'aria-label': t('share_link') });
  const watch = h('input', { id: 'watch-link', readonly: true, value: `${base}?watch=1`, 'aria-label': t('spectate_link') });
  const copyShare = h('button', { type: 'button', 'data-key': 'copy-share', onclick: () => copyText(base, copyShare) }, t('copy'));
  const copyWatch = h('button', { type: 'button', 'data-key': 'copy-watch', onclick: () => copyText(`${base}?watch=1`, copyWatch) }, t('copy'));
  return h('div', { class: 'links' },
    h('label', { for: 'share-link' }, t('share_link')), h('div', { class: 'inline' }, share, copyShare),
    h('label', { for: 'watch-link' }, t('spectate_link')), h('div', { class: 'inline' }, watch, copyWatch));
}

// The team a seat plays in, in games of teams (the board says which: `teams(seatCount)`).
function teamOf(board, count, seat) {
  const teams = board.teams ? board.teams(count) : null;
  return teams ? teams.find((tm) => tm.seats.includes(seat)) || null : null;
}

const taken = (x) => x.state === 'connected' || x.state === 'disconnected' || x.state === 'bot';

export function seatListNode(info, { session, board, toAct, clock, command, sitAt, openSeat, hostOpensSeats }) {
  const s = session;
  const status = info?.status;
  // The host arranges seats in the lobby, and after a game makes room for the next one.
  const arranging = s.host && (status === 'lobby' || status === 'over');
  const count = info?.seats?.length || 0;
  const yes = new Set(info?.rematch || []);
  return h('ul', { class: 'seat-list' }, (info?.seats || []).map((seat) => {
    const mine = seat.seat === s.seat;
    const isBot = seat.state === 'bot';
    // After a game only a player who is away (or a seat left open) can be removed.
    const away = seat.state === 'disconnected' || seat.state === 'open';
    const canKick = arranging && !mine && seat.state !== 'empty' && !isBot && (status === 'lobby' || away);
    const canOpen = s.host && status === 'playing' && hostOpensSeats && !mine && seat.state === 'disconnected' && seat.bot;
    const name = seat.state === 'empty' || seat.state === 'open' ? t('seat_n', { n: seat.seat }) : seatLabel(seat);
    const running = !!s.clock && s.clock.running.includes(seat.seat);
    const ms = clock ? clock[seat.seat] : undefined;
    const team = teamOf(board, count, seat.seat);
    return h('li', { class: ['seat', `state-${seat.state}`, mine ? 'mine' : '', toAct.has(seat.seat) ? 'to-act' : ''],
      'data-seat': seat.seat, 'data-state': seat.state },
    h('span', { class: 'dot', 'aria-hidden': 'true' }),
    h('span', { class: 'seat-name' }, name),
    toAct.has(seat.seat) && h('span', { class: 'tag to-act-tag' }, t('to_act_tag')),
    team && h('span', { class: 'tag team' }, team.label),
    mine && h('span', { class: 'tag' }, t('you')),
    info.host === seat.seat && h('span', { class: 'tag host' }, t('host')),
    isBot && h('span', { class: 'tag bot' }, t('state_bot')),
    seat.bot && !isBot && h('span', { class: 'tag bot', title: t('bot_stands_in') }, t('bot_stands_in_short')),
    ms !== undefined && h('span', { class: ['seat-clock', running ? 'running' : '', ms < 10_000 ? 'low' : ''],
      'data-seat': seat.seat, 'aria-label': t('clock_label') }, ms > 0 ? clockText(ms) : t('clock_out')),
    status === 'over' && yes.has(seat.seat) && h('span', { class: 'tag yes', 'data-yes': seat.seat }, t('rematch_yes_tag')),
    !isBot && h('span', { class: 'seat-state' }, t(`state_${seat.state}`)),
    canKick && h('button', { class: 'small', 'data-key': `kick-${seat.seat}`, onclick: () => {
      if (status === 'lobby' || confirm(t('kick_confirm', { who: name }))) command('kick', { seat: seat.seat });
    } }, t('kick')),
    canOpen && openSeat && h('button', { class: 'small', 'data-key': `open-seat-${seat.seat}`, onclick: () => openSeat(seat.seat, name) }, t('open_seat')),
    // A seated player (the host too) may move to an empty seat (and so to its team).
    status === 'lobby' && Number.isInteger(s.seat) && seat.state === 'empty' && sitAt &&
      h('button', { class: 'small', 'data-key': `sit-${seat.seat}`, onclick: () => sitAt(seat.seat) }, t('sit_here')),
    arranging && seat.state === 'empty' && h('button', { class: 'small', 'data-key': `add-bot-${seat.seat}`,
      onclick: () => command('add_bot', { seat: seat.seat }) }, t('add_bot')),
    arranging && isBot && h('button', { class: 'small', 'data-key': `remove-bot-${seat.seat}`,
      onclick: () => command('remove_bot', { seat: seat.seat }) }, t('remove_bot')));
  }));
}

// The lobby panel: the invite link, what the room waits for, the teams, and the host's start.
export function lobbyNode(info, { session, board, command }) {
  const s = session;
  const seated = info.seats.filter(taken).length;
  const all = info.seats.length;
  const full = seated === all;
  const host = info.seats.find((x) => x.seat === info.host);
  const hostName = host ? seatLabel(host) : t('host');
  const mine = Number.isInteger(s.seat) ? teamOf(board, all, s.seat) : null;
  let waiting;
  if (s.host) waiting = full ? t('lobby_host_ready') : t('lobby_host_waiting', { n: all - seated });
  else if (s.seat === null) waiting = t('lobby_watching', { host: hostName });
  else waiting = full ? t('lobby_guest_ready', { host: hostName }) : t('lobby_guest_waiting', { host: hostName, n: all - seated });
  const teams = board.teams ? board.teams(all) : null;
  return [
    h('h2', { id: 'lobby-h' }, s.host ? t('lobby_invite') : t('lobby_title')),
    h('p', { class: 'lobby-status', role: 'status', 'data-lobby-status': '' },
      Number.isInteger(s.seat) && `${t('lobby_your_seat', { seat: mine ? `${seatLabel(info.seats[s.seat])} (${mine.label})` : seatLabel(info.seats[s.seat]) })} `, waiting),
    s.host && h('div', { class: 'button-row' },
      h('button', { class: 'primary', id: 'start', 'data-key': 'start', disabled: !full, onclick: () => command('start') }, t('start')),
      !full && h('span', { class: 'hint' }, t('start_hint'))),
    teams && h('div', { class: 'teams' }, teams.map((tm) => h('p', { class: 'team-line' }, h('strong', {}, tm.label), ': ',
      tm.seats.map((n) => (info.seats[n] && taken(info.seats[n]) ? seatLabel(info.seats[n]) : t('seat_n_free', { n }))).join(t('list_sep'))))),
    teams && h('p', { class: 'hint' }, t(s.host ? 'lobby_teams_hint_host' : 'lobby_teams_hint')),
    s.host && swapNode(info, command),
    shareLinks(info.room || s.room),
  ];
}

// The host's seat swap: two seats, at least one of them held, change what they hold (players
// keep their keys and names; a bot moves too).
function swapNode(info, command) {
  const seats = info.seats;
  // Two seats need no arranging ("Sit here" does it); from three on, seats make the turn
  // order and the teams.
  if (seats.length < 3) return null;
  const label = (x) => (taken(x) ? `${t('seat_n', { n: x.seat })} · ${seatLabel(x)}` : t('seat_n_free', { n: x.seat }));
  const pick = (id, chosen) => h('select', { id }, seats.map((x) => h('option', { value: String(x.seat), selected: x.seat === chosen }, label(x))));
  const first = seats.find(taken)?.seat ?? 0;
  const a = pick('swap-a', first);
  const b = pick('swap-b', (first + 1) % seats.length);
  return h('div', { class: 'swap-seats' },
    h('label', { for: 'swap-a' }, t('swap_a')), a,
    h('label', { for: 'swap-b' }, t('swap_b')), b,
    h('button', { type: 'button', class: 'small', 'data-key': 'swap-seats',
      onclick: () => command('swap_seats', { a: Number(a.value), b: Number(b.value) }) }, t('swap_go')));
}

// On the join page of a room in its lobby with more than one free seat: which seat to take
// (with its team, in games of teams). `value()` is the seat picked, or undefined.
export function seatChoice(info, board) {
  if (info.status !== 'lobby') return null;
  const free = info.seats.filter((x) => x.state === 'empty');
  if (free.length < 2) return null;
  const all = info.seats.length;
  const name = 'join-seat';
  const radios = free.map((x, i) => {
    const team = teamOf(board, all, x.seat);
    const input = h('input', { type: 'radio', name, id: `${name}-${x.seat}`, value: String(x.seat), checked: i === 0 });
    return h('label', { class: 'check', for: `${name}-${x.seat}` }, input, ' ', t('seat_n', { n: x.seat }), team ? ` · ${team.label}` : '');
  });
  const node = h('fieldset', { class: 'seat-choice' }, h('legend', {}, t('join_pick_seat')), radios);
  return { node, value: () => { const c = node.querySelector('input:checked'); return c ? Number(c.value) : undefined; } };
}
