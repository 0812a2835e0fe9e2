// What a board is given to draw with (the board API): the view, the legal moves, who is who,
// and the buttons it places where the moves happen. The room page makes live buttons that
// send; the replay viewer the same buttons, disabled. A board never builds a request itself.
import { h } from './dom.js';
import { canonical } from './canonical.js';

// `base`: { you, seatLabel, names, options, view, legal, toAct, over, opened, pick };
// `live`: { busy, act(action), setPick(pick) } on the room page, null in a replay.
// A button's own words for what it does go before what it shows (a card, a short label), in
// text only screen readers read: its name then holds both, the words seen included.
function named(attrs, label) {
  const { 'aria-label': said, ...rest } = attrs;
  return said ? [rest, [h('span', { class: 'sr-only' }, `${said}: `), label]] : [rest, [label]];
}

export function boardContext(base, live = null) {
  const covered = [];
  const disabled = !live || live.busy;
  const ctx = {
    busy: !!live?.busy,
    pick: {},
    ...base,
    setPick: (p) => live?.setPick(p),
    act: (a) => live?.act(a),
    // A button that sends `action` (an element of legal); the board places it where it fits.
    actButton: (action, label, attrs = {}) => {
      covered.push(action);
      const key = attrs['data-key'] || `act-${canonical(action)}`;
      const [rest, content] = named(attrs, label);
      return h('button', { type: 'button', ...rest, class: ['act', attrs.class || ''], 'data-key': key,
        'data-action': canonical(action), 'data-said': attrs['aria-label'], disabled, onclick: () => live?.act(action) }, content);
    },
    // A step of a multi-step choice (no message is sent): narrows the pick.
    pickButton: (label, pick, attrs = {}) => {
      const [rest, content] = named(attrs, label);
      return h('button', { type: 'button', ...rest, class: ['act', 'pick', attrs.class || ''],
        'data-key': attrs['data-key'] || `pick-${canonical(pick)}`, disabled, onclick: () => live?.setPick(pick) }, content);
    },
    // Moves the board shows in its own way (a prompt, a list) without a button per move.
    cover: (actions) => covered.push(...actions),
  };
  // The legal moves the board did not place anywhere (the page offers them in a list).
  ctx.uncovered = () => ctx.legal.filter((a) => !covered.some((c) => canonical(a) === canonical(c)));
  return ctx;
}
