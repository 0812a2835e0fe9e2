// A room as people see it before they join (/api/rooms/{code}): the game, its options, the
// host, who is seated and whether a game is on; and the room's finished games, each with
// its replay and its record. An unknown or closed code is known at once, from the same answer
// the server gives any code it does not know.
import { h } from './dom.js';
import { t } from './i18n.js';
import { describeOptions } from './options_form.js';

// { info } for a room, { missing: true } for a code the server does not know (or no longer
// knows), { info: null } when the server could not be asked.
export async function fetchRoom(code) {
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`, { cache: 'no-store' });
    if (res.status === 404) return { missing: true };
    if (!res.ok) return { info: null };
    return { info: await res.json() };
  } catch {
    return { info: null };
  }
}

// A seat's name as people read it: what its player typed, the page's own label for a seat
// with no name, and "Bot 2" (as the server names a bot seat) in the page's language.
export function seatLabel(seat) {
  const bot = seat.state === 'bot' && /^Bot (\d+)$/.exec(seat.name || '');
  if (bot) return t('bot_n', { n: Number(bot[1]) });
  return seat.name || t('seat_n', { n: seat.seat });
}

export function previewNode(info, { title, schema }) {
  const host = info.seats.find((s) => s.seat === info.host);
  const options = describeOptions(info.game, schema, info.options);
  const free = info.seats.filter((s) => s.state === 'empty' || s.state === 'open').length;
  return h('section', { class: 'room-preview', 'data-status': info.status, 'aria-labelledby': 'preview-h' },
    h('h3', { id: 'preview-h' }, h('span', { class: 'game-name' }, title), ' ',
      h('span', { class: 'status-pill', 'data-status': info.status }, t(`status_${info.status}`))),
    h('p', { class: 'preview-line' },
      host && host.state !== 'empty' ? t('preview_host', { who: seatLabel(host) }) : null,
      host && host.state !== 'empty' ? ' · ' : null,
      free ? t('preview_free', { n: free }) : t('preview_full'),
      info.spectators ? ` · ${t('spectators', { n: info.spectators })}` : null),
    h('ul', { class: 'preview-seats' }, info.seats.map((s) =>
      h('li', { class: ['seat', `state-${s.state}`], 'data-seat': s.seat },
        h('span', { class: 'dot', 'aria-hidden': 'true' }),
        h('span', { class: 'seat-name' }, s.state === 'empty' || s.state === 'open' ? t('seat_n', { n: s.seat }) : seatLabel(s)),
        h('span', { class: 'seat-state' }, t(`state_${s.state}`))))),
    options.length > 0 && h('dl', { class: 'preview-options' }, options.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])));
}

// The room's finished games (the room message's `finished`), newest first.
export function finishedGamesNode(code, finished) {
  if (!Array.isArray(finished) || finished.length === 0) return null;
  return h('section', { class: 'finished-games', 'aria-labelledby': 'finished-h' },
    h('h2', { id: 'finished-h' }, t('finished_games')),
    h('ul', {}, [...finished].reverse().map((n) => h('li', { 'data-game-no': n },
      t('game_n', { n }), ' · ',
      h('a', { href: `/r/${code}/replay?game=${n}`, 'data-link': '', 'data-key': `replay-${n}` }, t('replay')), ' · ',
      h('a', { href: `/api/rooms/${code}/transcript?game=${n}`, download: `${code}-game${n}.json` }, t('transcript'))))));
}
