// The home page: the catalog from /api/games (Japanese and English names, players, a short
// summary), a form per game that creates a private room with the options its schema lists,
// and joining by code.
import { h, fill, clear } from './dom.js';
import { t, getLang } from './i18n.js';
import { Session, codeFromTyped } from './session.js';
import { boardFor, loadBoards } from './games.js';
import { optionControl, readOptions, roomOptionsGroup } from './options_form.js';
import { savedName, saveName } from './prefs.js';
import { helpButton } from './help_panel.js';

function gameCard(game, onCreate) {
  const board = boardFor(game.id);
  const summary = board.summaryJa && getLang() === 'ja' ? board.summaryJa : game.summary;
  const players = game.min_seats === game.max_seats ? t('players_exact', { n: game.min_seats })
    : t('players', { min: game.min_seats, max: game.max_seats });
  const controls = game.options.map((spec) => optionControl(game.id, spec));
  const error = h('p', { class: 'error', role: 'alert' });
  // Map-like options (tables, presets or JSON) are folded away as advanced; the options every
  // room has (the clock, bots) come last, in a group of their own.
  const own = controls.filter((c) => !c.spec.room);
  const simple = own.filter((c) => c.spec.kind !== 'object').map((c) => c.field);
  const advanced = own.filter((c) => c.spec.kind === 'object').map((c) => c.field);
  const form = h('form', { class: 'create-form', hidden: true, novalidate: true, 'data-game': game.id },
    simple,
    advanced.length > 0 && h('details', { class: 'advanced' }, h('summary', {}, t('advanced')), advanced),
    roomOptionsGroup(controls),
    error,
    h('div', { class: 'button-row' },
      h('button', { type: 'submit', class: 'primary', 'data-key': `create-${game.id}` }, t('create')),
      h('button', { type: 'button', onclick: () => { form.hidden = true; open.setAttribute('aria-expanded', 'false'); open.focus(); } }, t('cancel'))));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    error.textContent = '';
    const r = readOptions(controls);
    if (r.error) {
      error.textContent = r.error;
      const details = r.control.field.closest('details');
      if (details) details.open = true;
      r.control.input.focus();
      return;
    }
    onCreate(game, r.options, error);
  });
  const open = h('button', { class: 'primary', 'aria-expanded': 'false', 'data-create': game.id,
    onclick: () => {
      form.hidden = !form.hidden;
      open.setAttribute('aria-expanded', String(!form.hidden));
      if (!form.hidden) form.querySelector('select, input, textarea, button')?.focus();
    } }, t('create_room'));
  return h('article', { class: 'game-card', 'data-game': game.id },
    h('h3', {}, h('span', { lang: 'ja' }, game.title_ja), h('span', { class: 'title-en', lang: 'en' }, game.title)),
    h('p', { class: 'players' }, players),
    h('p', { class: 'summary' }, summary),
    h('div', { class: 'button-row' }, open, helpButton(game.id, game, getLang() === 'ja' ? game.title_ja : game.title)),
    form);
}

export async function renderHome(root, go) {
  clear(root);
  const nameInput = h('input', { id: 'player-name', type: 'text', maxlength: 40, value: savedName(),
    placeholder: t('name_placeholder'), autocomplete: 'nickname' });
  nameInput.addEventListener('change', () => saveName(nameInput.value.trim()));
  const codeInput = h('input', { id: 'join-code', type: 'text', placeholder: t('code_placeholder'),
    autocapitalize: 'none', autocomplete: 'off', spellcheck: 'false' });
  const joinForm = h('form', { class: 'join-form', onsubmit: (ev) => {
    ev.preventDefault();
    // A code as read aloud, or the invite link itself pasted whole.
    const { code, watch } = codeFromTyped(codeInput.value);
    if (code) go(`/r/${code}${watch ? '?watch=1' : ''}`);
  } },
  h('label', { for: 'join-code' }, t('join_by_code')),
  h('div', { class: 'inline' }, codeInput, h('button', { type: 'submit', class: 'primary' }, t('join'))));
  const list = h('div', { class: 'catalog', 'aria-busy': 'true' }, h('p', {}, t('loading')));
  root.append(
    h('section', { class: 'intro' }, h('p', { class: 'tagline' }, t('tagline'))),
    h('section', { class: 'you-box' },
      h('div', { class: 'field' }, h('label', { for: 'player-name' }, t('your_name')), nameInput),
      joinForm),
    h('section', { 'aria-labelledby': 'games-h' }, h('h2', { id: 'games-h' }, t('games')), list));

  let catalog;
  try {
    const res = await fetch('/api/games');
    catalog = (await res.json()).games;
  } catch {
    fill(list, h('p', { class: 'error' }, t('catalog_failed')));
    return;
  }
  // Each game's own words (its option labels, summary and rules) come with its board.
  await loadBoards(catalog.map((g) => g.id));
  const onCreate = async (game, options, error) => {
    const name = nameInput.value.trim();
    saveName(name);
    const session = new Session();
    try {
      await session.connect(null);
      const r = await session.create(game.id, options, name);
      if (r.type !== 'joined') {
        error.textContent = r.message || r.code;
        session.close();
        return;
      }
      go(`/r/${r.room}`, session);
    } catch (e) {
      error.textContent = String(e.message || e);
    }
  };
  fill(list, ...catalog.map((g) => gameCard(g, onCreate)));
  list.removeAttribute('aria-busy');
}
