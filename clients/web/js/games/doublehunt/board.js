// Double Hunt: the 7x7 grid with face-down cards and the four pieces, both teams' hands (own
// and partner's), scores the viewer may know, the die and the move budget. Destinations are
// clicks on grid squares; discards and gifts are clicks on hand cards; the rest are buttons.
import { h } from '../../dom.js';
import { t, tr, addStrings } from '../../i18n.js';
import { Drbg } from '../../drbg.js';
import { section, seatTag } from '../cards.js';

const ROLES = {
  pilot: ['パイロット', 'Pilot'], observer: ['観測者', 'Observer'], bandit: ['盗賊', 'Bandit'], richman: ['富豪', 'Richman'],
  scientist: ['科学者', 'Scientist'], advisor: ['参謀', 'Advisor'], necromancer: ['死霊術師', 'Necromancer'],
};
const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
// Card-id order (doublehunt.h): the deal shuffles the 52 cards listed this way.
export const DECK = ['S', 'H', 'D', 'C'].flatMap((s) => Array.from({ length: 13 }, (_, i) => `${s}${i + 1}`));
const SQUARE_FIELDS = ['to', 'square'];
const CARD_FIELDS = ['discard', 'card'];

addStrings({
  ja: {
    opt_doublehunt_first_seat: '最初の手番', opt_doublehunt_first_seat_random: 'ランダム(シードから)',
    opt_doublehunt_target_score: '目標点', opt_doublehunt_max_turns: '最大手番数', opt_doublehunt_max_boost: 'ブースト上限',
    dbh_team: 'チーム{t}', dbh_score: '{t}: {n}点', dbh_score_hidden: '{t}: ?', dbh_grid: 'フィールド(7×7)', dbh_cards_left: '残り {n}枚',
    dbh_die: 'サイコロ {d}', dbh_budget: '移動力 {b}', dbh_hand: '手札', dbh_hand_count: '手札 {n}枚', dbh_turn: '手番 {n}/{max}',
    dbh_role: '役割: {r}', dbh_no_role: '役割未定', dbh_pick_role: '{r}を選ぶ', dbh_roll: 'サイコロを振る', dbh_stay: 'とどまる', dbh_end_turn: '手番を終える',
    dbh_move_to: '{sq}へ移動', dbh_discard: '{card}を捨てて{what}', dbh_boost: 'ブースト', dbh_pilot_fly: '飛行', dbh_observer_peek: 'のぞき見',
    dbh_give: '{card}を渡す', dbh_take: '{card}をもらう', dbh_raid: '{who}から奪う({card}を捨てる)', dbh_scientist_open: '捨て札を調べる',
    dbh_extra_move: '追加移動する', dbh_decline: '追加移動しない', dbh_land: '{sq}に着地', dbh_pick_sq: '{sq}を選ぶ', dbh_raise: '{sq}によみがえらせる',
    dbh_pile: '捨て札 {n}枚', dbh_target: '目標 {n}点',
    dbh_ev_role: '{who}が{r}になりました', dbh_ev_roll: '{who}のサイコロ: {d}', dbh_ev_move: '{who}が{sq}へ移動', dbh_ev_take: '{who}が{sq}のカードを取りました',
    dbh_ev_stay: '{who}はとどまりました', dbh_ev_end: '{who}の手番終了', dbh_ev_boost: '{who}がブースト(移動力{b})', dbh_ev_over: 'ゲーム終了',
    reason_doublehunt_target: '目標点に到達', reason_doublehunt_grid_empty: 'カードがなくなった', reason_doublehunt_turn_limit: '手番数の上限',
    dbh_deal_grid: 'フィールドに配られた{n}枚と残りの3枚', dbh_deal_first: '最初の手番(席{n})',
    dbh_ev_pilot_fly: '{who}が飛び立ちました', dbh_ev_pilot_land: '{who}が{sq}に着地', dbh_ev_observer_peek: '{who}がのぞき見', dbh_ev_observer_pick: '{who}が{sq}を選びました',
    dbh_ev_observer_seen: '{who}が見たカード', dbh_ev_raid: '{who}が{target}から奪いました', dbh_ev_loss: '{who}がカードを奪われました',
    dbh_ev_richman_give: '{who}が{to}にカードを渡しました', dbh_ev_richman_end: '{who}が{n}枚渡し終えました', dbh_ev_scientist_open: '{who}が捨て札({n}枚)を調べます',
    dbh_ev_scientist_take: '{who}が捨て札から1枚取りました', dbh_ev_raise: '{who}が{sq}にカードをよみがえらせました', dbh_ev_extra: '{who}の追加移動(サイコロ{d})',
    dbh_ev_decline: '{who}は追加移動しません', dbh_ev_advisor_give: '{who}が{to}にカードを渡しました', dbh_ev_advisor_take: '{who}が{from}からカードをもらいました',
    dbh_ev_exchange_end: '{who}が交換を終えました({n}枚)', dbh_ev_leftovers: '残りの3枚は{to}へ', dbh_ev_leftovers_pile: '残りの3枚は捨て札へ',
  },
  en: {
    opt_doublehunt_first_seat: 'First seat', opt_doublehunt_first_seat_random: 'random (from the seed)',
    opt_doublehunt_target_score: 'Target score', opt_doublehunt_max_turns: 'Max turns', opt_doublehunt_max_boost: 'Max boosts',
    dbh_team: 'Team {t}', dbh_score: '{t}: {n}', dbh_score_hidden: '{t}: ?', dbh_grid: 'Field (7×7)', dbh_cards_left: '{n} cards left',
    dbh_die: 'die {d}', dbh_budget: 'move budget {b}', dbh_hand: 'Hand', dbh_hand_count: '{n} in hand', dbh_turn: 'turn {n}/{max}',
    dbh_role: 'role: {r}', dbh_no_role: 'no role yet', dbh_pick_role: 'Be the {r}', dbh_roll: 'Roll the die', dbh_stay: 'Stay', dbh_end_turn: 'End the turn',
    dbh_move_to: 'Move to {sq}', dbh_discard: 'Discard {card} to {what}', dbh_boost: 'boost', dbh_pilot_fly: 'fly', dbh_observer_peek: 'peek',
    dbh_give: 'Give {card}', dbh_take: 'Take {card}', dbh_raid: 'Raid {who} (discard {card})', dbh_scientist_open: 'Search the discards',
    dbh_extra_move: 'Take the extra move', dbh_decline: 'No extra move', dbh_land: 'Land on {sq}', dbh_pick_sq: 'Pick {sq}', dbh_raise: 'Raise a card on {sq}',
    dbh_pile: '{n} discarded', dbh_target: 'target {n}',
    dbh_ev_role: '{who} is the {r}', dbh_ev_roll: '{who} rolled {d}', dbh_ev_move: '{who} moved to {sq}', dbh_ev_take: '{who} took the card on {sq}',
    dbh_ev_stay: '{who} stayed', dbh_ev_end: "{who}'s turn ends", dbh_ev_boost: '{who} boosted (budget {b})', dbh_ev_over: 'Game over',
    reason_doublehunt_target: 'target score reached', reason_doublehunt_grid_empty: 'the field is empty', reason_doublehunt_turn_limit: 'turn limit',
    dbh_deal_grid: 'the {n} field cards and the 3 left over', dbh_deal_first: 'first seat (seat {n})',
    dbh_ev_pilot_fly: '{who} took off', dbh_ev_pilot_land: '{who} landed on {sq}', dbh_ev_observer_peek: '{who} peeks', dbh_ev_observer_pick: '{who} picked {sq}',
    dbh_ev_observer_seen: '{who} saw', dbh_ev_raid: '{who} raided {target}', dbh_ev_loss: '{who} lost a card',
    dbh_ev_richman_give: '{who} gave a card to {to}', dbh_ev_richman_end: '{who} is done giving ({n})', dbh_ev_scientist_open: '{who} searches the discards ({n})',
    dbh_ev_scientist_take: '{who} took a card from the discards', dbh_ev_raise: '{who} raised a card on {sq}', dbh_ev_extra: "{who}'s extra move (die {d})",
    dbh_ev_decline: '{who} takes no extra move', dbh_ev_advisor_give: '{who} gave a card to {to}', dbh_ev_advisor_take: '{who} took a card from {from}',
    dbh_ev_exchange_end: '{who} ends the exchange ({n})', dbh_ev_leftovers: 'The 3 leftover cards go to {to}', dbh_ev_leftovers_pile: 'The 3 leftover cards go to the discards',
  },
});

const roleName = (r) => (ROLES[r] ? tr(...ROLES[r]) : r);
const cardText = (c) => `${SUITS[c[0]] || c[0]}${({ 1: 'A', 11: 'J', 12: 'Q', 13: 'K' })[c.slice(1)] || c.slice(1)}`;
const sq = (name) => { const m = /^r(\d)c(\d)$/.exec(name || ''); return m ? `${'ABCDEFG'[m[2]]}${Number(m[1]) + 1}` : name; };

function card(id, attrs = {}) {
  const red = id[0] === 'H' || id[0] === 'D';
  return h(attrs.tag || 'div', { ...attrs, tag: undefined, class: ['card', 'dbh', red ? 'red' : 'blk', attrs.class || ''], 'data-kind': id },
    h('span', { class: 'big' }, cardText(id)));
}

function describe(a, ctx) {
  const who = (s) => (ctx ? ctx.seatLabel(s) : `#${s}`);
  switch (a.type) {
    case 'pick_role': return t('dbh_pick_role', { r: roleName(a.role) });
    case 'roll': return t('dbh_roll');
    case 'stay': return t('dbh_stay');
    case 'end_turn': return t('dbh_end_turn');
    case 'move': return t('dbh_move_to', { sq: sq(a.to) });
    case 'boost': return t('dbh_discard', { card: cardText(a.discard), what: t('dbh_boost') });
    case 'pilot_fly': return t('dbh_discard', { card: cardText(a.discard), what: t('dbh_pilot_fly') });
    case 'observer_peek': return t('dbh_discard', { card: cardText(a.discard), what: t('dbh_observer_peek') });
    case 'pilot_land': return t('dbh_land', { sq: sq(a.square) });
    case 'observer_pick': return t('dbh_pick_sq', { sq: sq(a.square) });
    case 'necromancer_raise': return t('dbh_raise', { sq: sq(a.square) });
    case 'bandit_raid': return t('dbh_raid', { who: who(a.target), card: cardText(a.discard) });
    case 'richman_give': case 'advisor_give': return t('dbh_give', { card: cardText(a.card) });
    case 'advisor_take': case 'scientist_take': return t('dbh_take', { card: cardText(a.card) });
    case 'scientist_open': return t('dbh_scientist_open');
    case 'advisor_extra_move': return t('dbh_extra_move');
    case 'advisor_decline': return t('dbh_decline');
    default: return a.type.replace(/_/g, ' ');
  }
}

function gridZone(v, ctx) {
  const bySquare = new Map();
  for (const a of ctx.legal) for (const f of SQUARE_FIELDS) if (typeof a[f] === 'string') bySquare.set(a[f], [...(bySquare.get(a[f]) || []), a]);
  const pieces = new Map();
  for (const p of v.players) pieces.set(p.square, [...(pieces.get(p.square) || []), p.seat]);
  // Column letters over the grid and row numbers beside it: the names panels and the log use.
  const cells = [h('span', { class: 'dbh-label corner', 'aria-hidden': 'true' }),
    ...(v.grid[0] || []).map((_, c) => h('span', { class: 'dbh-label col', 'aria-hidden': 'true' }, 'ABCDEFG'[c]))];
  v.grid.forEach((row, r) => row.forEach((cell, c) => {
    if (c === 0) cells.push(h('span', { class: 'dbh-label row', 'aria-hidden': 'true' }, String(r + 1)));
    const name = `r${r}c${c}`;
    const here = pieces.get(name) || [];
    const content = [
      cell === null ? h('span', { class: 'empty-sq' }) : cell === '?' ? h('span', { class: 'card back tiny', 'data-zone': 'facedown' }) : card(cell, { class: 'tiny' }),
      here.map((s) => h('span', { class: `pawn seat${s}`, 'data-flip': `pawn-${s}`, title: ctx.seatLabel(s) }, String(s))),
    ];
    const acts = bySquare.get(name) || [];
    const label = `${sq(name)}${cell === '?' ? ' ?' : cell ? ` ${cardText(cell)}` : ''}`;
    if (acts.length === 1) cells.push(ctx.actButton(acts[0], content, { class: 'sq', 'aria-label': describe(acts[0], ctx), 'data-watch': `sq-${name}`, 'data-val': String(cell) }));
    else cells.push(h('div', { class: 'sq', 'aria-label': label, 'data-watch': `sq-${name}`, 'data-val': String(cell) }, content));
  }));
  return section(t('dbh_grid'), h('div', { class: 'dbh-grid', role: 'grid' }, cells),
    h('p', { class: 'muted small' }, t('dbh_cards_left', { n: v.cards_on_grid }), ' · ', t('dbh_pile', { n: v.pile_count })));
}

function playersZone(v, ctx) {
  const cardActs = ctx.legal.filter((a) => CARD_FIELDS.some((f) => typeof a[f] === 'string' && /^[SHDC]\d+$/.test(a[f])));
  return h('div', { class: 'seat-panels' }, v.players.map((p) => h('section', {
    class: ['panel', p.seat === v.you ? 'mine' : '', (v.to_act || []).includes(p.seat) ? 'acting' : ''], 'data-seat': p.seat },
  h('h4', {}, seatTag(ctx, p.seat), ' ', h('span', { class: 'tag' }, t('dbh_team', { t: p.team }))),
  h('p', { class: 'stats' }, p.role ? t('dbh_role', { r: roleName(p.role) }) : t('dbh_no_role'), ' · ', sq(p.square), ' · ', t('dbh_hand_count', { n: p.hand_count })),
  Array.isArray(p.hand) && h('div', { class: 'cards-row small-cards', 'data-zone': p.seat === v.you ? 'my-hand' : `hand-${p.seat}` }, p.hand.map((c) => {
    const acts = p.seat === v.you ? cardActs.filter((a) => a.discard === c || (a.card === c && a.type !== 'advisor_take')) : cardActs.filter((a) => a.type === 'advisor_take' && a.card === c);
    if (acts.length === 1) return ctx.actButton(acts[0], card(c, { tag: 'span' }), { class: 'card-button', 'aria-label': describe(acts[0], ctx) });
    return card(c);
  })))));
}

// Moves that belong to no square or card: roll, stay, end the turn, roles, raids.
function actionsZone(v, ctx) {
  const plain = ctx.legal.filter((a) => a.type === 'bandit_raid' ||
    (!SQUARE_FIELDS.some((f) => typeof a[f] === 'string') && !CARD_FIELDS.some((f) => typeof a[f] === 'string')));
  return h('div', { class: 'action-row' }, plain.map((a) => ctx.actButton(a, describe(a, ctx))));
}

function scientistZone(v, ctx) {
  const s = v.sequence;
  if (!s || s.use !== 'scientist' || !Array.isArray(s.pile)) return null;
  return section(t('dbh_pile', { n: s.pile.length }), h('div', { class: 'cards-row small-cards' }, s.pile.map((c) => {
    const a = ctx.legal.find((x) => x.type === 'scientist_take' && x.card === c);
    return a ? ctx.actButton(a, card(c, { tag: 'span' }), { class: 'card-button', 'aria-label': describe(a, ctx) }) : card(c);
  })));
}

export default {
  id: 'doublehunt',
  styles: new URL('./board.css', import.meta.url).href,
  summaryJa: '2人1組の2チームで、7×7のフィールドに伏せられたカードを狩ります。サイコロの目ちょうどで移動してカードを取り、数字と絵札のそろいで得点。役割の能力を使いこなして目標点をめざします。',

  render(ctx) {
    const v = ctx.view;
    const scores = ['A', 'B'].map((team) => (v.scores[team] !== undefined ? t('dbh_score', { t: t('dbh_team', { t: team }), n: v.scores[team] })
      : t('dbh_score_hidden', { t: t('dbh_team', { t: team }) })));
    return h('div', { class: 'board doublehunt', 'data-phase': v.phase },
      h('p', { class: 'board-head' }, t('dbh_turn', { n: v.turn, max: v.max_turns }), ' · ', scores.join(' / '), ' · ', t('dbh_target', { n: v.target_score }),
        v.die ? ` · ${t('dbh_die', { d: v.die })} · ${t('dbh_budget', { b: v.budget })}` : ''),
      h('div', { class: 'dbh-main' }, gridZone(v, ctx), h('div', {}, actionsZone(v, ctx), scientistZone(v, ctx), playersZone(v, ctx))));
  },

  describeAction: describe,

  describeEvent(e, ctx) {
    const who = (s) => ctx.seatLabel(s);
    switch (e.type) {
      case 'pick_role': return t('dbh_ev_role', { who: who(e.seat), r: roleName(e.role) });
      case 'roll': return t('dbh_ev_roll', { who: who(e.seat), d: e.die });
      case 'move': return (e.took ? t('dbh_ev_take', { who: who(e.seat), sq: sq(e.to) }) : t('dbh_ev_move', { who: who(e.seat), sq: sq(e.to) })) + (e.card ? ` (${cardText(e.card)})` : '');
      case 'stay': return t('dbh_ev_stay', { who: who(e.seat) });
      case 'end_turn': return t('dbh_ev_end', { who: who(e.seat) });
      case 'boost': return t('dbh_ev_boost', { who: who(e.seat), b: e.budget });
      case 'game_over': return t('dbh_ev_over');
      case 'pilot_fly': return t('dbh_ev_pilot_fly', { who: who(e.seat) }) + (e.discard ? ` (${cardText(e.discard)})` : '');
      case 'pilot_land': return t('dbh_ev_pilot_land', { who: who(e.seat), sq: sq(e.square) });
      case 'observer_peek': return t('dbh_ev_observer_peek', { who: who(e.seat) }) + (e.discard ? ` (${cardText(e.discard)})` : '');
      case 'observer_pick': return t('dbh_ev_observer_pick', { who: who(e.seat), sq: sq(e.square) });
      case 'observer_seen': return `${t('dbh_ev_observer_seen', { who: who(e.seat) })}: ${(e.squares || []).map((x, i) => `${sq(x)}${e.cards && e.cards[i] ? ` ${cardText(e.cards[i])}` : ''}`).join(t('list_sep'))}`;
      case 'bandit_raid': return t('dbh_ev_raid', { who: who(e.seat), target: who(e.target) }) + (e.discard ? ` (${cardText(e.discard)})` : '');
      case 'bandit_loss': return t('dbh_ev_loss', { who: who(e.seat) }) + (e.card ? ` (${cardText(e.card)})` : '');
      case 'richman_give': return t('dbh_ev_richman_give', { who: who(e.seat), to: who(e.to) }) + (e.card ? ` (${cardText(e.card)})` : '');
      case 'richman_give_end': return t('dbh_ev_richman_end', { who: who(e.seat), n: e.given });
      case 'scientist_open': return t('dbh_ev_scientist_open', { who: who(e.seat), n: e.pile_count });
      case 'scientist_take': return t('dbh_ev_scientist_take', { who: who(e.seat) }) + (e.card ? ` (${cardText(e.card)})` : '');
      case 'necromancer_raise': return t('dbh_ev_raise', { who: who(e.seat), sq: sq(e.square) }) + (e.card ? ` (${cardText(e.card)})` : '');
      case 'advisor_extra_move': return t('dbh_ev_extra', { who: who(e.seat), d: e.die });
      case 'advisor_decline': return t('dbh_ev_decline', { who: who(e.seat) });
      case 'advisor_give': return t('dbh_ev_advisor_give', { who: who(e.seat), to: who(e.to) }) + (e.card ? ` (${cardText(e.card)})` : '');
      case 'advisor_take': return t('dbh_ev_advisor_take', { who: who(e.seat), from: who(e.from) }) + (e.card ? ` (${cardText(e.card)})` : '');
      case 'advisor_exchange_end': return t('dbh_ev_exchange_end', { who: who(e.seat), n: e.swaps });
      case 'leftovers': return (e.to === 'pile' ? t('dbh_ev_leftovers_pile') : t('dbh_ev_leftovers', { to: who(e.to) })) +
        (Array.isArray(e.cards) ? ` (${e.cards.map(cardText).join(' ')})` : '');
      default: {
        const extra = ['square', 'target', 'to', 'from', 'die'].filter((k) => e[k] !== undefined).map((k) => (k === 'square' ? sq(e[k]) : e[k])).join(' ');
        return `${Number.isInteger(e.seat) ? `${who(e.seat)}: ` : ''}${e.type.replace(/_/g, ' ')}${extra ? ` ${extra}` : ''}`;
      }
    }
  },

  // doublehunt.h: (1) shuffle of the 52 cards in card-id order; positions 0..48 go to
  // r0c0..r6c6 row by row and 49..51 are the leftovers; (2) uniform(4) = the first seat when
  // first_seat is "random". Every grid slot is opened to everyone at the end.
  verifyDeal({ seed, options, view, opened }) {
    const drbg = Drbg.fromHex(seed);
    const cards = drbg.shuffle([...DECK]);
    const first = Number.isInteger(options.first_seat) ? options.first_seat : drbg.uniform(4);
    const checks = [{ label: t('dbh_deal_first', { n: first }), ok: first === view.first_seat }];
    let ok = true, n = 0;
    for (let i = 0; i < 49; i++) {
      const v = opened && opened.get(`grid.r${Math.floor(i / 7)}c${i % 7}`);
      if (v === undefined) { ok = false; continue; }
      ok = ok && v === cards[i];
      n++;
    }
    for (let i = 0; i < 3; i++) ok = ok && opened && opened.get(`leftover.${i}`) === cards[49 + i];
    checks.push({ label: t('dbh_deal_grid', { n }), ok });
    return { ok: checks.every((c) => c.ok), checks };
  },
};
