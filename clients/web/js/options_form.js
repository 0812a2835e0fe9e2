// The option form of a game, built from its schema in /api/games: a list for a choice, a
// number field with its range for an integer, a checkbox for a flag. Options that are maps
// or tables ("object" in the schema) offer their named presets (the schema's default and
// those the game's board lists) and a JSON box for anything else, with a readable error.
// The same labels describe a room's options on its join page.
import { h } from './dom.js';
import { t, has, getLang } from './i18n.js';
import { boardFor } from './games.js';

// The game's own words for an option, else the words every room's options share (the clock,
// bots), else the option's name.
const ownOrShared = (game, rest) => [`opt_${game}_${rest}`, `opt_${rest}`].find((k) => has(k));

export function optionLabel(game, spec) {
  const key = ownOrShared(game, spec.name);
  return key ? t(key) : spec.name.replace(/_/g, ' ');
}

export function choiceLabel(game, spec, value) {
  const key = ownOrShared(game, `${spec.name}_${typeof value === 'object' ? JSON.stringify(value) : value}`);
  if (key) return t(key);
  if (Number.isInteger(value) && /seat|player/.test(spec.name)) return t('seat_n', { n: value });
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

// The game's own hint in the page's language; the schema's description (English) only on
// the English page, so that a Japanese page does not switch language in mid-form.
function optionHint(game, spec) {
  const key = ownOrShared(game, `${spec.name}_hint`);
  const text = key ? t(key) : getLang() === 'en' ? spec.description : '';
  if (spec.kind !== 'integer') return text;
  const range = spec.max >= 2 ** 31 - 1 ? t('opt_range_from', { min: spec.min, def: spec.default })
    : t('opt_range', { min: spec.min, max: spec.max, def: spec.default });
  return text ? `${text} (${range})` : range;
}

// The named presets of a map-like option: its default when that is a name, then the board's.
function presetsOf(game, spec) {
  const named = [];
  if (typeof spec.default === 'string') named.push(spec.default);
  for (const p of boardFor(game).optionPresets?.[spec.name] || []) if (!named.includes(p)) named.push(p);
  return named;
}

// "line 2, column 5" for a JSON.parse error in `text`, when the engine says where.
function whereInJson(text, error) {
  const m = /position (\d+)/.exec(String(error && error.message));
  if (!m) return '';
  const before = text.slice(0, Number(m[1]));
  const line = before.split('\n').length;
  return t('opt_json_where', { line, col: before.length - before.lastIndexOf('\n') });
}

// One form control per option; read() returns { value } or { error } (a sentence to show).
export function optionControl(game, spec) {
  const id = `opt-${game}-${spec.name}`;
  const name = optionLabel(game, spec);
  const hintId = `${id}-hint`;
  const hint = h('small', { class: 'hint', id: hintId }, optionHint(game, spec));
  const label = h('label', { for: id }, name);
  let input, read, extra = null;
  if (spec.kind === 'choice') {
    input = h('select', { id, name: spec.name, 'aria-describedby': hintId },
      spec.choices.map((c, i) => h('option', { value: String(i), 'data-value': JSON.stringify(c), selected: JSON.stringify(c) === JSON.stringify(spec.default) },
        choiceLabel(game, spec, c))));
    read = () => ({ value: spec.choices[Number(input.value)] });
  } else if (spec.kind === 'integer') {
    input = h('input', { id, name: spec.name, type: 'number', min: spec.min, max: spec.max, step: 1, value: spec.default,
      inputmode: 'numeric', required: true, 'aria-describedby': hintId });
    read = () => {
      const text = input.value.trim();
      const v = Number(text);
      if (text === '' || !Number.isInteger(v) || v < spec.min || v > spec.max) {
        return { error: spec.max >= 2 ** 31 - 1 ? t('opt_bad_integer_from', { name, min: spec.min })
          : t('opt_bad_integer', { name, min: spec.min, max: spec.max }) };
      }
      return { value: v };
    };
  } else if (spec.kind === 'boolean') {
    input = h('input', { id, name: spec.name, type: 'checkbox', checked: !!spec.default, 'aria-describedby': hintId });
    read = () => ({ value: input.checked });
  } else {
    const presets = presetsOf(game, spec);
    const box = h('textarea', { id: `${id}-json`, name: `${spec.name}-json`, rows: 4, spellcheck: 'false',
      'aria-label': t('opt_custom_json', { name }), 'aria-describedby': hintId },
    typeof spec.default === 'string' ? '' : JSON.stringify(spec.default, null, 1));
    input = h('select', { id, name: spec.name, 'aria-describedby': hintId },
      presets.map((p) => h('option', { value: p, 'data-value': JSON.stringify(p) }, choiceLabel(game, spec, p))),
      h('option', { value: '', 'data-value': 'custom' }, t('opt_custom')));
    const showBox = () => { box.hidden = input.value !== ''; };
    input.addEventListener('change', showBox);
    if (!presets.length) input.value = '';
    showBox();
    extra = box;
    read = () => {
      if (input.value !== '') return { value: input.value };
      try {
        return { value: JSON.parse(box.value) };
      } catch (e) {
        return { error: t('opt_bad_json', { name, where: whereInJson(box.value, e) }) };
      }
    };
  }
  const field = h('div', { class: ['field', spec.kind === 'boolean' ? 'check' : ''] }, label, input, extra, hint);
  return { field, input, read, spec };
}

// The room options (clock, on_timeout, drop_policy) in one group, each field shown only where
// the clock chosen uses it.
export function roomOptionsGroup(controls) {
  const room = controls.filter((c) => c.spec.room);
  if (!room.length) return null;
  const byName = Object.fromEntries(room.map((c) => [c.spec.name, c]));
  const uses = { move_seconds: ['move'], bank_seconds: ['bank'], increment_seconds: ['bank'], on_timeout: ['move', 'bank'] };
  const follow = () => {
    const clock = byName.clock ? byName.clock.read().value : 'off';
    for (const [name, modes] of Object.entries(uses)) if (byName[name]) byName[name].field.hidden = !modes.includes(clock);
  };
  byName.clock?.input.addEventListener('change', follow);
  follow();
  return h('fieldset', { class: 'room-options' }, h('legend', {}, t('room_options')), room.map((c) => c.field));
}

// The whole form's options, or the first error (and the control to focus).
export function readOptions(controls) {
  const options = {};
  for (const c of controls) {
    const r = c.read();
    c.input.setAttribute('aria-invalid', r.error ? 'true' : 'false');
    if (r.error) return { error: r.error, control: c };
    options[c.spec.name] = r.value;
  }
  return { options };
}

// A room's options as label / value pairs (the join page), in the schema's order.
export function describeOptions(game, schema, options) {
  const unused = { off: ['move_seconds', 'bank_seconds', 'increment_seconds', 'on_timeout'], move: ['bank_seconds', 'increment_seconds'],
    bank: ['move_seconds'] }[options?.clock] || [];
  return (schema || []).filter((spec) => options && spec.name in options && !(spec.room && unused.includes(spec.name)))
    .map((spec) => {
      const value = options[spec.name];
      if (spec.kind === 'boolean') return [optionLabel(game, spec), value ? t('yes') : t('no')];
      if (spec.kind === 'integer') return [optionLabel(game, spec), String(value)];
      return [optionLabel(game, spec), choiceLabel(game, spec, value)];
    });
}
