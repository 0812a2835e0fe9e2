// Small helpers the card-game boards share.
import { h } from '../dom.js';

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
