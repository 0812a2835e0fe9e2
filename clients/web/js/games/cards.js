// Small helpers the card-game boards share.
import { h } from '../dom.js';
import { t } from '../i18n.js';

// Groups `legal` actions by a key function, keeping the order of first appearance.
export function groupBy(list, key) {
  const out = new Map();
  for (const x of list) {
    const k = key(x);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(x);
  }
  return out;
}

export function section(title, ...children) {
  return h('section', { class: 'zone' }, h('h4', {}, title), ...children);
}

export function seatTag(ctx, seat) {
  return h('span', { class: `seat-tag seat${seat % 4}` }, ctx.seatLabel(seat));
}

// The other seats a simultaneous choice still waits for, by name ("Bot 1, Bot 2").
export function othersToAct(ctx) {
  return (ctx.view.to_act || []).filter((s) => s !== ctx.view.you).map((s) => ctx.seatLabel(s)).join(t('list_sep'));
}
