// Double Hunt: the 7x7 grid with face-down cards and the four pieces, both teams' hands (own
// and partner's), scores the viewer may know, the die and the move budget. Destinations are
// clicks on grid squares; discards and gifts are clicks on hand cards; the rest are buttons.
import { h } from '../../dom.js';
import { t, tr, addStrings } from '../../i18n.js';
import { Drbg } from '../../drbg.js';
import { section, seatTag } from '../cards.js';
import HELP from './help.js';

const ROLES = {
  pilot: ['パイロット', 'Pilot'], observer: ['オブザーバー', 'Observer'], bandit: ['バンデット', 'Bandit'], richman: ['リッチマン', 'Richman'],
  scientist: ['サイエンティスト', 'Scientist'], advisor: ['アドバイザー', 'Advisor'], necromancer: ['ネクロマンサー', 'Necromancer'],
};
const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
// Card-id order (doublehunt.h): the deal shuffles the 52 cards listed this way.
export const DECK = ['S', 'H', 'D', 'C'].flatMap((s) => Array.from({ length: 13 }, (_, i) => `${s}${i + 1}`));
const SQUARE_FIELDS = ['to', 'square'];
const CARD_FIELDS = ['discard', 'card'];

addStrings({
  ja: {
    dbh_ab_pilot: '手札1枚を捨てて好きなマスへ飛ぶ(カードは取れない)。サイコロの前と取ったあとに各1回',
    dbh_ab_observer: '手札1枚を捨てて、伏せたカード3枚をこっそり見る(相方にも見える)。サイコロの前に1回',
    dbh_ab_bandit: '手札1枚を捨てて、上下左右で隣の相手の手札を1枚ランダムに捨てさせる。取ったあと1回、同じ相手に連続不可',
    dbh_ab_richman: '余った3枚を最初から手札にする。取る前に手札を相方に渡せる(1手番1回)',
    dbh_ab_scientist: '1ゲーム1回、捨て札を見て3枚取る。サイコロの前か取ったあと',
    dbh_ab_advisor: '相方がサイコロの移動で空白に止まったら、もう一度振らせて動かせる。取ったあと相方と手札を1枚ずつ交換できる',
    dbh_ab_necromancer: '捨て札からランダムに1枚、隣の空白マスに伏せて置く(自分だけ見える)。サイコロの前に1回',
    dbh_p_draft_you: 'あなたが役割を選びます(順番は{order})。役割ごとに能力があります。あなたの相方は{partner}です。',
    dbh_p_draft_other: '{who}が役割を選んでいます(順番は{order})。',
    dbh_p_pre_roll: 'あなたの番({role}): サイコロを振り、出た目ちょうどの歩数で動きます。',
    dbh_p_pre_roll_ability: 'あなたの番({role}): 振る前に能力を使えます。それからサイコロを振り、出た目ちょうどの歩数で動きます。',
    dbh_p_move: 'あなたは{b}歩ちょうどで動きます(空白マスは2歩、同じマスは通れません)。止まったマスのカードを取ります。',
    dbh_p_move_boost: ' 手札を1枚捨てるごとに+1歩できます。',
    dbh_p_stay: 'ちょうど{b}歩で行けるマスがありません: とどまるか、手札を捨てて歩数を増やします。',
    dbh_p_post_take: 'あなたは能力({role})を使うか、手番を終えます。',
    dbh_p_advisor_prompt: '{who}がサイコロの移動で空白マスに止まりました: アドバイザーのあなたは、もう一度振って動かせます。',
    dbh_p_pilot_choose: 'あなたは飛ぶ先のマスを選びます(パイロット。そこのカードは取れません)。',
    dbh_p_observer_choose: 'あなたはのぞくマスを選びます(オブザーバー、あと{n}マス)。見たカードは最後にまとめて見えます。',
    dbh_p_richman_giving: 'あなたは{partner}に渡すカードを選ぶか、渡し終えます(リッチマン)。',
    dbh_p_scientist_choose: 'あなたは捨て札から取るカードを選びます(サイエンティスト、あと{n}枚)。',
    dbh_p_advisor_exchange: 'あなたは{partner}と1枚ずつ交換します(アドバイザー): 自分のカードを渡し、相方のカードを1枚取ります。',
    dbh_p_other: '{who}の番です: {what}',
    dbh_phase_pre_roll: '振る前', dbh_phase_move: '移動中', dbh_phase_post_take: '取ったあと', dbh_phase_advisor_prompt: 'アドバイザーの判断待ち',
    dbh_phase_pilot_choose: '飛ぶ先を選んでいる', dbh_phase_observer_choose: 'のぞくマスを選んでいる', dbh_phase_richman_giving: '相方にカードを渡している',
    dbh_phase_scientist_choose: '捨て札から選んでいる', dbh_phase_advisor_exchange: '相方と交換している', dbh_phase_draft: '役割を選んでいる',
    dbh_h_draft: '役割のボタンを押します。能力の説明が書いてあります。',
    dbh_h_pre_roll: '「サイコロを振る」を押します。',
    dbh_h_move: '光っているマスを押すとそこへ動きます。手札の「捨てて+1歩」で歩数を増やせます。',
    dbh_h_post_take: '能力を使わないなら「手番を終える」を押します。',
    dbh_h_other: '光っているボタンかマスを押します。',
    dbh_l_pawn: '番号つきの丸: その席のコマ(色が席)',
    dbh_l_facedown: '斜線のマス: 伏せたカード。1歩で入れます',
    dbh_l_empty: '何もないマス: カードを取ったあと。入るのに2歩',
    dbh_l_labels: 'A〜G・1〜7: マスの名前(列と行)',
    dbh_l_score: '?点: 相手チームの得点は見えません',
    dbh_l_points: 'A〜10は数字の点。J・Q・Kは単体で0点、同じマークの3枚がチームにそろうと30点',
    dbh_l_budget: '移動力: いまの歩数(サイコロ+捨てたカード)',
    dbh_discard_to: '捨てて{what}', dbh_give_short: '渡す', dbh_take_short: 'もらう',
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
    dbh_ab_pilot: 'Discard a card to fly to any square (taking no card there); once before the roll and once after the take',
    dbh_ab_observer: 'Discard a card to look at three face-down cards (your partner sees them too); once before the roll',
    dbh_ab_bandit: 'Discard a card to make an adjacent opponent discard a random card; once after the take, never the same opponent twice in a row',
    dbh_ab_richman: 'Starts with the three leftover cards; may give cards to the partner before the take (once a turn)',
    dbh_ab_scientist: 'Once a game: look through the discards and take three; before the roll or after the take',
    dbh_ab_advisor: 'When the partner\'s die move stops on an empty square, let them roll and move again; after the take, swap cards one for one with the partner',
    dbh_ab_necromancer: 'Put a random discard face down on an adjacent empty square (only you know it); once before the roll',
    dbh_p_draft_you: 'You draft your role (the order is {order}); each role has its ability. Your partner is {partner}.',
    dbh_p_draft_other: '{who} is drafting a role (the order is {order}).',
    dbh_p_pre_roll: 'Your turn ({role}): you roll the die, then move exactly that many steps.',
    dbh_p_pre_roll_ability: 'Your turn ({role}): you may use your ability before rolling; then you roll the die and move exactly that many steps.',
    dbh_p_move: 'You move exactly {b} steps (an empty square costs 2, no square twice) and take the card where you stop.',
    dbh_p_move_boost: ' Each hand card you discard adds a step.',
    dbh_p_stay: 'No square is exactly {b} steps away: you stay, or discard cards for extra steps.',
    dbh_p_post_take: 'You may use your ability ({role}) or end your turn.',
    dbh_p_advisor_prompt: '{who} stopped on an empty square after the die move: as the Advisor you may let them roll and move again.',
    dbh_p_pilot_choose: 'You pick the square to fly to (Pilot); you take no card there.',
    dbh_p_observer_choose: 'You pick squares to look at (Observer, {n} more); you see the cards together after the last pick.',
    dbh_p_richman_giving: 'You pick another card to give {partner}, or end the giving (Richman).',
    dbh_p_scientist_choose: 'You pick a card to take from the discards (Scientist, {n} more).',
    dbh_p_advisor_exchange: 'You swap cards with {partner} one for one (Advisor): give one of yours, then take one of theirs.',
    dbh_p_other: 'Turn of {who}: {what}',
    dbh_phase_pre_roll: 'about to roll', dbh_phase_move: 'moving', dbh_phase_post_take: 'after the take', dbh_phase_advisor_prompt: 'the Advisor decides on an extra move',
    dbh_phase_pilot_choose: 'picking where to fly', dbh_phase_observer_choose: 'picking squares to look at', dbh_phase_richman_giving: 'giving cards to the partner',
    dbh_phase_scientist_choose: 'taking cards from the discards', dbh_phase_advisor_exchange: 'swapping cards with the partner', dbh_phase_draft: 'drafting a role',
    dbh_h_draft: 'Press a role; each button says what its ability does.',
    dbh_h_pre_roll: 'Press "Roll the die".',
    dbh_h_move: 'Press a highlighted square to move there; a hand card\'s "discard" button adds a step.',
    dbh_h_post_take: 'If you do not use an ability, press "End the turn".',
    dbh_h_other: 'Press one of the highlighted buttons or squares.',
    dbh_l_pawn: 'A numbered disc: that seat\'s piece (the colour is the seat)',
    dbh_l_facedown: 'A striped square: a face-down card; entering costs 1 step',
    dbh_l_empty: 'A bare square: its card was taken; entering costs 2 steps',
    dbh_l_labels: 'A–G and 1–7: the squares\' names (column and row)',
    dbh_l_score: '?: the other team\'s score is hidden from you',
    dbh_l_points: 'A–10 score their number; J, Q and K score nothing alone, but a team holding the J, Q and K of one suit scores 30',
    dbh_l_budget: 'move budget: the steps you have now (the die plus discarded cards)',
    dbh_discard_to: 'discard to {what}', dbh_give_short: 'Give', dbh_take_short: 'Take',
    opt_doublehunt_first_seat: 'First seat', opt_doublehunt_first_seat_random: 'random (from the seed)',
    opt_doublehunt_target_score: 'Target score', opt_doublehunt_max_turns: 'Max turns', opt_doublehunt_max_boost: 'Max boosts',
    dbh_team: 'Team {t}', dbh_score: '{t}: {n}', dbh_score_hidden: '{t}: ?', dbh_grid: 'Field (7×7)', dbh_cards_left: '{n} cards left', dbh_cards_left_one: '1 card left',
    dbh_die: 'die {d}', dbh_budget: 'move budget {b}', dbh_hand: 'Hand', dbh_hand_count: '{n} in hand', dbh_turn: 'turn {n}/{max}',
    dbh_role: 'role: {r}', dbh_no_role: 'no role yet', dbh_pick_role: 'Be the {r}', dbh_roll: 'Roll the die', dbh_stay: 'Stay', dbh_end_turn: 'End the turn',
    dbh_move_to: 'Move to {sq}', dbh_discard: 'Discard {card} to {what}', dbh_boost: 'boost', dbh_pilot_fly: 'fly', dbh_observer_peek: 'peek',
    dbh_give: 'Give {card}', dbh_take: 'Take {card}', dbh_raid: 'Raid {who} (discard {card})', dbh_scientist_open: 'Search the discards',
    dbh_extra_move: 'Take the extra move', dbh_decline: 'No extra move', dbh_land: 'Land on {sq}', dbh_pick_sq: 'Pick {sq}', dbh_raise: 'Raise a card on {sq}',
    dbh_pile: '{n} discarded', dbh_pile_one: '1 discarded', dbh_target: 'target {n}',
    dbh_ev_role: '{who} is the {r}', dbh_ev_roll: '{who} rolled {d}', dbh_ev_move: '{who} moved to {sq}', dbh_ev_take: '{who} took the card on {sq}',
    dbh_ev_stay: '{who} stayed', dbh_ev_end: '{who} ends the turn', dbh_ev_boost: '{who} boosted (budget {b})', dbh_ev_over: 'Game over',
    reason_doublehunt_target: 'target score reached', reason_doublehunt_grid_empty: 'the field is empty', reason_doublehunt_turn_limit: 'turn limit',
    dbh_deal_grid: 'the {n} field cards and the 3 left over', dbh_deal_first: 'first seat (seat {n})',
    dbh_ev_pilot_fly: '{who} took off', dbh_ev_pilot_land: '{who} landed on {sq}', dbh_ev_observer_peek: '{who} peeks', dbh_ev_observer_pick: '{who} picked {sq}',
    dbh_ev_observer_seen: '{who} saw', dbh_ev_raid: '{who} raided {target}', dbh_ev_loss: '{who} lost a card',
    dbh_ev_richman_give: '{who} gave a card to {to}', dbh_ev_richman_end: '{who} is done giving ({n})', dbh_ev_scientist_open: '{who} searches the discards ({n})',
    dbh_ev_scientist_take: '{who} took a card from the discards', dbh_ev_raise: '{who} raised a card on {sq}', dbh_ev_extra: 'An extra move for {who} (die {d})',
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

// A hand card's move in a few words (its button sits under the card).
function shortLabel(a) {
  switch (a.type) {
    case 'boost': return t('dbh_discard_to', { what: '+1' });
    case 'pilot_fly': return t('dbh_discard_to', { what: t('dbh_pilot_fly') });
    case 'observer_peek': return t('dbh_discard_to', { what: t('dbh_observer_peek') });
    case 'richman_give': case 'advisor_give': return t('dbh_give_short');
    case 'advisor_take': case 'scientist_take': return t('dbh_take_short');
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
    else cells.push(h('div', { class: 'sq', 'data-watch': `sq-${name}`, 'data-val': String(cell) }, h('span', { class: 'sr-only' }, label), content));
  }));
  return section(t('dbh_grid'), h('div', { class: 'dbh-grid' }, cells),
    h('p', { class: 'muted small' }, t('dbh_cards_left', { n: v.cards_on_grid }), ' · ', t('dbh_pile', { n: v.pile_count })));
}

function playersZone(v, ctx) {
  const cardActs = ctx.legal.filter((a) => CARD_FIELDS.some((f) => typeof a[f] === 'string' && /^[SHDC]\d+$/.test(a[f])));
  return h('div', { class: 'seat-panels' }, v.players.map((p) => h('section', {
    class: ['panel', p.seat === v.you ? 'mine' : '', (v.to_act || []).includes(p.seat) ? 'acting' : ''], 'data-seat': p.seat },
  h('h4', {}, seatTag(ctx, p.seat), ' ', h('span', { class: 'tag' }, t('dbh_team', { t: p.team }))),
  h('p', { class: 'stats' }, p.role ? t('dbh_role', { r: roleName(p.role) }) : t('dbh_no_role'), ' · ', sq(p.square), ' · ', t('dbh_hand_count', { n: p.hand_count })),
  p.role && h('p', { class: 'muted small ability' }, t(`dbh_ab_${p.role}`)),
  Array.isArray(p.hand) && h('div', { class: 'cards-row small-cards', 'data-zone': p.seat === v.you ? 'my-hand' : `hand-${p.seat}` }, p.hand.map((c) => {
    const acts = p.seat === v.you ? cardActs.filter((a) => a.discard === c || (a.card === c && a.type !== 'advisor_take')) : cardActs.filter((a) => a.type === 'advisor_take' && a.card === c);
    // What a card's move does is written on its button: a discard is never a silent click.
    if (!acts.length) return card(c);
    return h('div', { class: 'hand-card' }, card(c), acts.map((a) => ctx.actButton(a, shortLabel(a), { class: 'small', 'aria-label': describe(a, ctx) })));
  })))));
}

// Moves that belong to no square or card: roll, stay, end the turn, roles, raids.
function actionsZone(v, ctx) {
  const plain = ctx.legal.filter((a) => a.type === 'bandit_raid' ||
    (!SQUARE_FIELDS.some((f) => typeof a[f] === 'string') && !CARD_FIELDS.some((f) => typeof a[f] === 'string')));
  const roles = plain.filter((a) => a.type === 'pick_role');
  const rest = plain.filter((a) => a.type !== 'pick_role');
  // A role is chosen with what it does in front of the player.
  return h('div', { class: 'dbh-actions' },
    roles.length > 0 && h('div', { class: 'role-choices' }, roles.map((a) => ctx.actButton(a,
      [h('strong', {}, roleName(a.role)), h('span', { class: 'role-ability' }, t(`dbh_ab_${a.role}`))], { class: 'role-button' }))),
    rest.length > 0 && h('div', { class: 'action-row' }, rest.map((a) => ctx.actButton(a, describe(a, ctx)))));
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

  help: HELP,

  // Two teams of two: seats 0 and 2, 1 and 3, partners opposite each other.
  teams(count) {
    return count === 4 ? [{ label: t('dbh_team', { t: 'A' }), seats: [0, 2] }, { label: t('dbh_team', { t: 'B' }), seats: [1, 3] }] : null;
  },

  prompt(ctx) {
    const v = ctx.view;
    const mine = ctx.legal.length > 0;
    const me = v.players[v.you];
    const role = me?.role ? roleName(me.role) : '';
    const partner = Number.isInteger(v.you) ? ctx.seatLabel((v.you + 2) % 4) : '';
    const order = (v.draft_order || []).map((s) => ctx.seatLabel(s)).join(' → ');
    const seq = v.sequence || {};
    if (!mine) {
      if (v.phase === 'draft') return t('dbh_p_draft_other', { who: ctx.seatLabel((v.to_act || [])[0]), order });
      const who = (v.to_act || [])[0] ?? v.active;
      return t('dbh_p_other', { who: ctx.seatLabel(who), what: t(`dbh_phase_${v.phase}`) });
    }
    const types = new Set(ctx.legal.map((a) => a.type));
    switch (v.phase) {
      case 'draft': return t('dbh_p_draft_you', { order, partner });
      case 'pre_roll': return t(types.size > 1 ? 'dbh_p_pre_roll_ability' : 'dbh_p_pre_roll', { role });
      case 'move':
        if (types.has('stay')) return t('dbh_p_stay', { b: v.budget });
        return t('dbh_p_move', { b: v.budget }) + (types.has('boost') ? t('dbh_p_move_boost') : '');
      case 'post_take': return t('dbh_p_post_take', { role });
      case 'advisor_prompt': return t('dbh_p_advisor_prompt', { who: ctx.seatLabel(v.active) });
      case 'observer_choose': return t('dbh_p_observer_choose', { n: (seq.total ?? 3) - (seq.picked?.length ?? 0) });
      case 'scientist_choose': return t('dbh_p_scientist_choose', { n: seq.left ?? 1 });
      case 'pilot_choose': case 'richman_giving': case 'advisor_exchange': return t(`dbh_p_${v.phase}`, { partner });
      default: return '';
    }
  },

  hint(ctx) {
    const phase = ctx.view.phase;
    return ['draft', 'pre_roll', 'move', 'post_take'].includes(phase) ? t(`dbh_h_${phase}`) : t('dbh_h_other');
  },

  legend(ctx) {
    return [
      [h('span', { class: 'pawn seat1 legend-pawn' }, '1'), t('dbh_l_pawn')],
      [h('span', { class: 'card back tiny' }), t('dbh_l_facedown')],
      [h('span', { class: 'sq legend-sq' }), t('dbh_l_empty')],
      ['A–G · 1–7', t('dbh_l_labels')],
      [t('dbh_score_hidden', { t: t('dbh_team', { t: 'B' }) }), t('dbh_l_score')],
      [card('H12', { class: 'tiny' }), t('dbh_l_points')],
      [t('dbh_budget', { b: ctx.view.budget ?? 5 }), t('dbh_l_budget')],
    ];
  },

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
