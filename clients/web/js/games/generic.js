// The board for any game: the view shown as a structure (players as panels, lists as chips,
// nested objects as small tables) and every legal action as a button with a readable label.
// Specific boards replace it; the room page also uses its action labels for moves a board
// does not place anywhere.
import { h } from '../dom.js';
import { t } from '../i18n.js';

const SKIP = new Set(['log', 'game', 'you']);

function humanize(key) {
  return String(key).replace(/_/g, ' ');
}

export function valueNode(value, depth = 0) {
  if (value === null || value === undefined) return h('span', { class: 'muted' }, '—');
  if (typeof value !== 'object') return h('span', { class: 'chip' }, String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h('span', { class: 'muted' }, '—');
    if (value.every((v) => v === null || typeof v !== 'object')) {
      return h('span', { class: 'chips' }, value.map((v) => valueNode(v, depth + 1)));
    }
    return h('ol', { class: 'struct-list', start: 0 }, value.map((v) => h('li', {}, valueNode(v, depth + 1))));
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return h('span', { class: 'muted' }, '—');
  return h('dl', { class: depth ? 'struct nested' : 'struct' },
    keys.filter((k) => !SKIP.has(k)).map((k) => [h('dt', {}, humanize(k)), h('dd', { 'data-watch': `${depth}.${k}`, 'data-val': JSON.stringify(value[k]) }, valueNode(value[k], depth + 1))]));
}

export function describeGeneric(action) {
  const parts = Object.entries(action).filter(([k]) => k !== 'type')
    .map(([k, v]) => `${humanize(k)}: ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  return parts.length ? `${humanize(action.type)} (${parts.join(', ')})` : humanize(action.type);
}

export default {
  id: '*',
  // Without the game's own words, the decision is said by who is waited for and how many
  // moves they have.
  prompt(ctx) {
    const mine = ctx.legal.length > 0;
    if (mine) return t('generic_prompt_you', { n: ctx.legal.length });
    const who = (ctx.toAct || []).map((s) => ctx.seatLabel(s)).join(t('list_sep'));
    return who ? t('generic_prompt_other', { who }) : '';
  },
  hint: () => t('generic_hint'),
  render(ctx) {
    const v = ctx.view || {};
    const players = Array.isArray(v.players) ? v.players : Array.isArray(v.seats) ? v.seats : null;
    const rest = Object.keys(v).filter((k) => !SKIP.has(k) && !(players && (k === 'players' || k === 'seats')));
    return h('div', { class: 'board generic' },
      h('h3', {}, t('generic_board')),
      players && h('div', { class: 'seat-panels' }, players.map((p, i) =>
        h('section', { class: ['panel', i === v.you ? 'mine' : ''] },
          h('h4', {}, ctx.seatLabel(p && Number.isInteger(p.seat) ? p.seat : i)),
          valueNode(p, 1)))),
      valueNode(Object.fromEntries(rest.map((k) => [k, v[k]]))),
      h('div', { class: 'action-row' }, ctx.legal.map((a) => ctx.actButton(a, describeGeneric(a)))));
  },
  describeAction: describeGeneric,
  describeEvent(e) {
    return describeGeneric(Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'n')));
  },
};
