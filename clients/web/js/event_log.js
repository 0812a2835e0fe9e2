// The room's log ("What happened"): the game's events in words and what happened in the room
// (who came, who left, notices). Every line is kept as a function that writes it, so that the
// whole log follows a language switch, older lines too.
import { h, fill } from './dom.js';
import { t } from './i18n.js';

const MAX = 200;

export class EventLog {
  constructor() {
    this.lines = [];  // { text: () => string, kind: 'game' | 'room' | 'warn' | 'sep' }
  }

  add(text, kind = 'game') {
    this.lines.push({ text: typeof text === 'function' ? text : () => text, kind });
    if (this.lines.length > MAX) this.lines.splice(0, this.lines.length - MAX);
  }

  render(el) {
    // A list that scrolls is reachable by keyboard (tabindex), so that it can be scrolled.
    const list = h('ol', { class: 'log-list', tabindex: '0', 'aria-labelledby': 'log-h' }, this.lines.slice(-80).map((e) => h('li', { class: `log-${e.kind}` }, e.text())));
    fill(el, h('h2', { id: 'log-h' }, t('log')), this.lines.length ? list : h('p', { class: 'muted' }, t('log_empty')));
    list.scrollTop = list.scrollHeight;
  }
}
