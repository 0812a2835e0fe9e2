// "How to play": a game's goal, a turn, its cards or roles and how it ends, in the page's
// language, from the game's own board module (`help`); a game without one is explained by
// what the catalog says of it (its summary and the reasons a game ends). Opened from the
// home page, the room's lobby and during play; a modal dialog that Escape closes.
import { h, fill } from './dom.js';
import { t, getLang } from './i18n.js';
import { boardFor } from './games.js';

function sections(game, entry) {
  const own = boardFor(game).help?.[getLang()];
  if (own) return own;
  return {
    goal: entry?.summary || '',
    end: (entry?.outcome_reasons || []).map((r) => `${r.reason}: ${r.meaning}`),
  };
}

function part(title, body) {
  if (!body || (Array.isArray(body) && !body.length)) return null;
  return h('section', {}, h('h3', {}, title),
    Array.isArray(body) ? h('ul', {}, body.map((line) => h('li', {}, line))) : h('p', {}, body));
}

export function openHelp(game, entry, title) {
  let dialog = document.getElementById('help-dialog');
  if (!dialog) {
    dialog = h('dialog', { id: 'help-dialog', class: 'help-dialog', 'aria-labelledby': 'help-h' });
    dialog.addEventListener('click', (ev) => { if (ev.target === dialog) dialog.close(); });  // a tap outside
    document.body.append(dialog);
  }
  const s = sections(game, entry);
  fill(dialog,
    h('div', { class: 'help-head' },
      h('h2', { id: 'help-h' }, t('help_title', { game: title || game })),
      h('button', { type: 'button', class: 'small', 'data-key': 'help-close', onclick: () => dialog.close() }, t('close'))),
    part(t('help_goal'), s.goal),
    part(t('help_turn'), s.turn),
    part(s.partsTitle || t('help_parts'), s.parts),
    part(t('help_end'), s.end),
    s.more && part(t('help_more'), s.more));
  if (dialog.open) return dialog;
  if (typeof dialog.showModal === 'function') dialog.showModal(); else dialog.setAttribute('open', '');
  dialog.querySelector('button').focus();
  return dialog;
}

export function helpButton(game, entry, title) {
  return h('button', { type: 'button', class: 'help-button', 'data-key': `help-${game}`, 'aria-haspopup': 'dialog',
    onclick: () => openHelp(game, entry, title) }, t('how_to_play'));
}
