// Nyanya Dai Hugo: the field, the open trick, every seat's hand size, shown cards and tails,
// your hand; moves are placed where they happen (reveal or swap a card from your hand, pass
// by taking a field card, a play chosen from the legal plays, narrowed by clicking a card).
import { h } from '../../dom.js';
import { t, tr, addStrings } from '../../i18n.js';
import { Drbg } from '../../drbg.js';
import { section, seatTag, othersToAct } from '../cards.js';
import HELP from './help.js';

// Canonical card order (rules §2.1): the deal shuffles the 32 cards listed this way.
export const CARDS = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `W${n}`), ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `B${n}a`),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `B${n}b`), ...[1, 2, 3, 4, 5, 6].map((n) => `D${n}`), 'B?', 'W?',
];

function info(id) {
  if (id === 'W?') return { mark: 'white', num: '?', circles: 6 };
  if (id === 'B?') return { mark: 'black', num: '?', circles: 5 };
  if (id[0] === 'W') return { mark: 'white', num: id.slice(1), circles: 3 };
  if (id[0] === 'D') return { mark: 'doppel', num: id.slice(1), circles: 4 };
  return { mark: 'black', num: id.slice(1, -1), circles: id.endsWith('a') ? 1 : 2 };
}

addStrings({
  ja: {
    dh_p_swap_you: 'あなたに白猫？と黒猫？の両方が配られました: 山の一番下に置くワイルドを1枚選んでください。かわりに山の一番上を引きます。',
    dh_p_swap_other: '{who}がワイルドを2枚持っているので、山の一番下に置く1枚を選んでいます。',
    dh_p_reveal_you: '親を決めるため全員が同時に1枚ずつ選びます: 数字がいちばん小さい人が親(同じなら●が少ない人)。あなたのカードを選んでください(手札に残ります)。',
    dh_p_reveal_wait: 'あなたは選び終えました。{who}が選ぶのを待っています。',
    dh_p_solo: 'ソロの{t}手目: あなたは好きな組を1つ出します。{t}枚以上出せば次のカードを選んで取れ、少なければ山から引きます。',
    dh_p_open: 'あなたが親です: 公開した{card}でラウンドを始めます。',
    dh_p_lead: 'あなたが新しいトリックの親です: シングル・セット・階段のどれかを出します(親はパスできません)。',
    dh_p_follow: 'あなたは{who}の{type}({size}枚・強さ{rank})に、同じ形で強さ{rank}以上の組を出すか、パスして{take}。',
    dh_p_take: '場のカードを1枚取ります',
    dh_p_take_none: '何も取りません(場が空です)',
    dh_p_lead_other: '{who}が新しいトリックの親として組を出します。',
    dh_p_follow_other: '{who}の番: {type}({size}枚)に強さ{rank}以上で出すか、パスします。',
    dh_p_solo_take: 'あなたの組は手数以上の枚数だったので、次のカードを選べます: 場のカードか山の一番上。',
    dh_h_swap: 'ワイルドのどちらかを押します。',
    dh_h_reveal: '手札のカードを1枚押します。数字が小さいほど親になりやすくなります。',
    dh_h_lead: '手札のカードを押すとそのカードを使う組だけが並びます。下の組を押して出します。',
    dh_h_follow: '同じ形・同じ枚数で強さが同じか上の組を押します。出したくなければ場のカードを押してパスします。',
    dh_h_solo_take: '場のカードか山を押します。',
    dh_l_circles: '●: 失点の丸。ラウンドの終わりに手札に残った●の合計でしっぽが増えます(1〜5で1本、6〜10で2本、11以上で3本)',
    dh_l_wild: '=5: ワイルド(？)がその数字として出された',
    dh_l_double: '×2: どっぺるを2枚分として出した',
    dh_l_tails: 'しっぽ: これまでのしっぽの数。5本で負け',
    dh_l_marks: '白猫・黒猫・どっぺる: カードの3つのマーク。階段は同じマークで続く数字',
    dh_l_rank: '強さ: 次に出す組はこの数字以上(階段はいちばん小さい数字)',
    opt_daihugo_players: '人数', opt_daihugo_players_hint: '1人ならソロチャレンジ',
    opt_daihugo_match: '勝負', opt_daihugo_match_tails: 'しっぽ5本まで', opt_daihugo_match_single_round: '1ラウンドのみ',
    opt_daihugo_opening_lead: '最初の出し方', opt_daihugo_opening_lead_exact: '公開したカードだけ', opt_daihugo_opening_lead_containing: '公開したカードを含む組',
    opt_daihugo_next_round_start: '次のラウンドの親', opt_daihugo_next_round_start_reveal: 'カード公開で決める', opt_daihugo_next_round_start_round_winner: '前のラウンドの勝者',
    opt_daihugo_solo_target_turns: 'ソロの目標手数',
    dh_white: '白猫', dh_black: '黒猫', dh_doppel: 'どっぺる', dh_pile_word: '山',
    dh_field: '場のカード', dh_pile: '山 {n}枚', dh_pile_bottom: '山の一番下: {card}', dh_trick: '場のトリック',
    dh_no_trick: 'トリックはありません(親が出します)', dh_cleared: '流れたカード {n}枚',
    dh_tails: 'しっぽ {n}', dh_hand_count: '手札 {n}枚', dh_shown: '見えている手札', dh_picked: '選択済み', dh_not_picked: '選択中…',
    dh_your_hand: 'あなたの手札', dh_reveal_prompt: '全員が同時に1枚ずつ選び、いちばん小さい数字の人が親になります', dh_swap_prompt: '山の底に置くワイルドを選んでください',
    dh_as: '{n}として', dh_plays: '出せる組', dh_filter: '{card}を含む組', dh_show_all: 'すべて表示',
    dh_pass_take: 'パスして{card}を取る', dh_pass: 'パス', dh_take_prompt: 'パスするなら、あなたは場のカードを1枚取ります',
    dh_solo_take: '{card}を取る', dh_solo_pile: '山から引く', dh_solo: 'ソロ: 手番 {t} / 目標 {target}',
    dh_round_result: 'ラウンド{r}の結果', dh_penalty: '失点 {p}・しっぽ +{a}(計{t})',
    dh_type_single: 'シングル', dh_type_set: 'セット', dh_type_sequence: '階段', dh_trick_info: '{type}・{size}枚・強さ{rank}以上',
    dh_opening: '{who}が公開した{card}で始めます',
    dh_ev_round_start: 'ラウンド{r}開始', dh_ev_swap: '{who}がワイルド{card}を山の底へ入れ替えました',
    dh_ev_picked: '{who}がカードを選びました', dh_ev_revealed: '公開: {picks} → {who}が親',
    dh_ev_play: '{who}: {cards}', dh_ev_pass: '{who}はパス', dh_ev_pass_take: '{who}はパスして{card}を取りました',
    dh_ev_cleared: 'トリックが流れ、{who}が親に', dh_ev_round_end: 'ラウンド{r}終了: {who}の上がり',
    dh_ev_over: 'ゲーム終了', dh_ev_solo_draw: '{who}が{from}から1枚取りました',
    reason_daihugo_tails_limit: 'しっぽ5本', reason_daihugo_single_round: '1ラウンド勝負', reason_daihugo_solo_cleared: 'ソロ達成',
    reason_daihugo_forfeit: '棄権',
    dh_deal_round: 'ラウンド{r}の配り(あなたの手札と場)', dh_deal_pile: '最終ラウンドの残りの山',
  },
  en: {
    dh_p_swap_you: 'You were dealt both wilds: you pick the one to put under the pile, and draw the top card of the pile instead.',
    dh_p_swap_other: '{who} holds both wilds and picks the one to put under the pile.',
    dh_p_reveal_you: 'Everyone picks one card at once to find who starts: the smallest number starts (on a tie, the fewest circles). You pick yours; it stays in your hand.',
    dh_p_reveal_wait: 'You have picked. Waiting for {who} to pick.',
    dh_p_solo: 'Solo, turn {t}: you play any single, set or sequence. With {t} or more cards you choose your next card; with fewer you draw from the pile.',
    dh_p_open: 'You start the round: you lead with the card you revealed, {card}.',
    dh_p_lead: 'You lead a new trick: you play any single, set or sequence (a leader may not pass).',
    dh_p_follow: "You answer the {type} of {size} that {who} played (rank {rank}) with the same kind of play ranked {rank} or higher, or you pass and {take}.",
    dh_p_take: 'take one field card',
    dh_p_take_none: 'take nothing (the field is empty)',
    dh_p_lead_other: '{who} leads a new trick with any play.',
    dh_p_follow_other: '{who} answers the {type} of {size} with rank {rank} or higher, or passes.',
    dh_p_solo_take: 'Your play had at least as many cards as the turn number, so you choose your next card: a field card or the top of the pile.',
    dh_h_swap: 'Press one of your two wilds.',
    dh_h_reveal: 'Press a card of your hand: the lower its number, the likelier you start.',
    dh_h_lead: 'Press a card of your hand to list the plays that use it, then press a play below.',
    dh_h_follow: 'Press a play of the same kind and size with an equal or higher rank; to pass, press a field card to take.',
    dh_h_solo_take: 'Press a field card or the pile.',
    dh_l_circles: '●: penalty circles. At the end of a round the circles left in your hand add tails (1–5: one, 6–10: two, 11 or more: three)',
    dh_l_wild: '=5: a wild (?) played as that number',
    dh_l_double: '×2: a doppel counted as two cards',
    dh_l_tails: 'tails: tails so far; five lose the game',
    dh_l_marks: 'White, Black, Doppel: the three marks. A sequence runs in one mark',
    dh_l_rank: 'rank: the next play must be this number or higher (a sequence goes by its lowest number)',
    opt_daihugo_players: 'Players', opt_daihugo_players_hint: '1 plays the solo challenge',
    opt_daihugo_match: 'Match', opt_daihugo_match_tails: 'until 5 tails', opt_daihugo_match_single_round: 'one round',
    opt_daihugo_opening_lead: 'Opening lead', opt_daihugo_opening_lead_exact: 'exactly the revealed card', opt_daihugo_opening_lead_containing: 'any play containing it',
    opt_daihugo_next_round_start: 'Later rounds start', opt_daihugo_next_round_start_reveal: 'by a new reveal', opt_daihugo_next_round_start_round_winner: 'with the last winner',
    opt_daihugo_solo_target_turns: 'Solo target turns',
    dh_white: 'White', dh_black: 'Black', dh_doppel: 'Doppel', dh_pile_word: 'the pile',
    dh_field: 'Field', dh_pile: 'Pile {n}', dh_pile_bottom: 'pile bottom: {card}', dh_trick: 'Trick',
    dh_no_trick: 'No open trick (the leader plays)', dh_cleared: '{n} cards cleared', dh_cleared_one: '1 card cleared',
    dh_tails: 'tails {n}', dh_hand_count: '{n} in hand', dh_shown: 'known cards', dh_picked: 'picked', dh_not_picked: 'choosing…',
    dh_your_hand: 'Your hand', dh_reveal_prompt: 'Everyone picks a card at once; the smallest number starts', dh_swap_prompt: 'Pick the wild to put under the pile',
    dh_as: 'as {n}', dh_plays: 'Your plays', dh_filter: 'plays with {card}', dh_show_all: 'show all',
    dh_pass_take: 'Pass and take {card}', dh_pass: 'Pass', dh_take_prompt: 'To pass, you take one field card',
    dh_solo_take: 'Take {card}', dh_solo_pile: 'Draw from the pile', dh_solo: 'Solo: turn {t} / target {target}',
    dh_round_result: 'Round {r} result', dh_penalty: 'penalty {p}, tails +{a} (total {t})',
    dh_type_single: 'single', dh_type_set: 'set', dh_type_sequence: 'sequence', dh_trick_info: '{type}, {size} cards, rank {rank}+',
    dh_opening: '{who} opens with the revealed {card}',
    dh_ev_round_start: 'Round {r} begins', dh_ev_swap: '{who} put the wild {card} under the pile',
    dh_ev_picked: '{who} picked a card', dh_ev_revealed: 'Revealed: {picks} → {who} starts',
    dh_ev_play: '{who}: {cards}', dh_ev_pass: '{who} passed', dh_ev_pass_take: '{who} passed and took {card}',
    dh_ev_cleared: 'Trick cleared; {who} leads', dh_ev_round_end: 'Round {r} over: {who} went out',
    dh_ev_over: 'Game over', dh_ev_solo_draw: '{who} took a card from {from}',
    reason_daihugo_tails_limit: 'five tails', reason_daihugo_single_round: 'single round', reason_daihugo_solo_cleared: 'solo cleared',
    reason_daihugo_forfeit: 'a player forfeited',
    dh_deal_round: 'round {r} deal (your hand and the field)', dh_deal_pile: 'the pile left in the last round',
  },
});

// A card as a player reads it on the card: its cat, its number and, for the two copies of a
// black number, its circles ("B8a" is Black 8●, "B8b" Black 8●●; "W?" is White ?).
export function cardName(id) {
  if (typeof id !== 'string' || !id) return String(id ?? '');
  const i = info(id);
  const circles = i.mark === 'black' && i.num !== '?' ? '●'.repeat(i.circles) : '';
  return `${t(`dh_${i.mark}`)} ${i.num}${circles}`;
}

// A played card: its name, the number a wild stands for, and a doubled doppel.
function elemText(e) {
  const id = typeof e === 'string' ? e : (e.id ?? e.card);
  let s = cardName(id);
  if (e.as) s += ` ${t('dh_as', { n: e.as })}`;
  if (e.double) s += '×2';
  return s;
}

function card(id, attrs = {}, extra = null) {
  const i = info(id);
  return h(attrs.tag || 'div', { ...attrs, tag: undefined, class: ['card', 'dh', `m-${i.mark}`, attrs.class || ''], 'data-kind': id },
    h('span', { class: 'big' }, i.num),
    h('span', { class: 'card-name' }, t(`dh_${i.mark}`)),
    h('span', { class: 'circles' }, '●'.repeat(i.circles)),
    extra);
}

function miniPlay(cards) {
  return h('span', { class: 'mini-play' }, cards.map((e) => {
    const i = info(e.id);
    return h('span', { class: `mini m-${i.mark}` }, e.as ? `${i.num}=${e.as}` : i.num, e.double ? '×2' : '');
  }));
}

function seatsPanel(v, ctx) {
  return h('div', { class: 'seat-panels' }, v.seats.map((s) => h('section', {
    class: ['panel', s.seat === v.you ? 'mine' : '', v.current === s.seat || (v.to_act || []).includes(s.seat) ? 'acting' : ''],
    'data-seat': s.seat },
  h('h4', {}, seatTag(ctx, s.seat)),
  h('p', { class: 'stats' }, h('span', { 'data-watch': `hc-${s.seat}`, 'data-val': String(s.hand_count) }, t('dh_hand_count', { n: s.hand_count })),
    ' · ', h('span', { 'data-watch': `tails-${s.seat}`, 'data-val': String(s.tails) }, t('dh_tails', { n: s.tails }))),
  v.phase === 'reveal' && h('p', { class: 'muted' }, s.picked ? t('dh_picked') : t('dh_not_picked')),
  s.pick && h('div', { class: 'cards-row' }, card(s.pick.card, {}, s.pick.as ? h('span', { class: 'count' }, `=${s.pick.as}`) : null)),
  s.seat !== v.you && s.shown && s.shown.length > 0 && h('div', {}, h('h5', {}, t('dh_shown')), h('div', { class: 'cards-row small-cards' }, s.shown.map((c) => card(c)))),
  s.seat !== v.you && Array.isArray(s.hand) && h('div', { 'data-zone': `hand-${s.seat}` }, h('div', { class: 'cards-row small-cards' }, s.hand.map((c) => card(c)))))));
}

function fieldZone(v, ctx) {
  const passes = ctx.legal.filter((a) => a.type === 'pass');
  const soloTakes = ctx.legal.filter((a) => a.type === 'solo_take');
  const field = v.field.map((c) => {
    const pass = passes.find((a) => a.take === c);
    const take = soloTakes.find((a) => a.from === c);
    const face = card(c, { tag: 'span', 'data-flip': `card-${c}` });
    if (pass) return ctx.actButton(pass, face, { class: 'card-button', 'aria-label': t('dh_pass_take', { card: cardName(c) }) });
    if (take) return ctx.actButton(take, face, { class: 'card-button', 'aria-label': t('dh_solo_take', { card: cardName(c) }) });
    return face;
  });
  const plainPass = passes.find((a) => !a.take);
  const pileTake = soloTakes.find((a) => a.from === 'pile');
  return section(t('dh_field'),
    passes.some((a) => a.take) && h('p', { class: 'step' }, t('dh_take_prompt')),
    h('div', { class: 'cards-row' }, field,
      h('div', { class: 'pile', 'data-watch': 'pile', 'data-val': String(v.pile_count) },
        pileTake ? ctx.actButton(pileTake, h('span', { class: 'card back' }, t('dh_pile', { n: v.pile_count })), { class: 'card-button' })
          : h('div', { class: 'card back' }, t('dh_pile', { n: v.pile_count })),
        v.pile_bottom && h('small', { class: 'muted' }, t('dh_pile_bottom', { card: cardName(v.pile_bottom) })))),
    plainPass && ctx.actButton(plainPass, t('dh_pass')));
}

function trickZone(v, ctx) {
  const tr_ = v.trick;
  return section(t('dh_trick'),
    v.opening && h('p', {}, t('dh_opening', { who: ctx.seatLabel(v.opening.seat), card: elemText(v.opening) })),
    tr_ ? [h('p', { class: 'muted' }, t('dh_trick_info', { type: t(`dh_type_${tr_.type}`), size: tr_.size, rank: tr_.rank })),
      h('ol', { class: 'trick-plays' }, tr_.plays.map((p, i) => h('li', { 'data-flip': `play-${i}` }, seatTag(ctx, p.seat), ' ',
        h('span', { class: 'cards-row small-cards inline-cards' }, p.cards.map((e) => card(e.id, {}, e.as || e.double ? h('span', { class: 'count' }, e.as ? `=${e.as}` : '×2') : null))))))]
      : h('p', { class: 'muted' }, t('dh_no_trick')),
    v.cleared.length > 0 && h('p', { class: 'muted small' }, t('dh_cleared', { n: v.cleared.length })));
}

function handZone(v, ctx) {
  const me = v.seats[v.you];
  if (!me || !Array.isArray(me.hand)) return null;
  const reveals = ctx.legal.filter((a) => a.type === 'reveal');
  const swaps = ctx.legal.filter((a) => a.type === 'swap_wild');
  const plays = ctx.legal.filter((a) => a.type === 'play');
  const focus = ctx.pick.card;
  const cards = me.hand.map((c) => {
    const face = (attrs = {}) => card(c, { tag: 'span', 'data-flip': `card-${c}`, ...attrs });
    const rv = reveals.filter((a) => a.card === c);
    const sw = swaps.find((a) => a.card === c);
    if (sw) return ctx.actButton(sw, face(), { class: 'card-button' });
    if (rv.length === 1) return ctx.actButton(rv[0], face(), { class: 'card-button' });
    if (rv.length > 1) return ctx.pickButton(face({ class: focus === c ? 'selected' : '' }), { card: c }, { class: 'card-button' });
    if (plays.length && plays.some((a) => a.cards.some((e) => e.id === c)))
      return ctx.pickButton(face({ class: focus === c ? 'selected' : '' }), focus === c ? {} : { card: c }, { class: 'card-button', 'aria-pressed': String(focus === c) });
    return face();
  });
  let extra = null;
  const rv = reveals.filter((a) => a.card === focus);
  if (rv.length > 1) extra = h('div', { class: 'action-row' }, rv.map((a) => ctx.actButton(a, t('dh_as', { n: a.as }))));
  let playList = null;
  if (plays.length) {
    const shown = focus ? plays.filter((a) => a.cards.some((e) => e.id === focus)) : plays;
    ctx.cover(plays);
    playList = h('div', { class: 'play-list' }, h('h5', {}, focus ? t('dh_filter', { card: cardName(focus) }) : t('dh_plays'),
      focus && h('button', { type: 'button', class: 'small', 'data-key': 'show-all', onclick: () => ctx.setPick({}) }, t('dh_show_all'))),
    h('div', { class: 'action-row' }, shown.slice(0, 60).map((a) => ctx.actButton(a, miniPlay(a.cards), { 'aria-label': a.cards.map(elemText).join(t('list_sep')) }))));
  }
  return h('section', { class: 'zone', 'data-zone': 'my-hand' }, h('h4', {}, t('dh_your_hand')),
        h('div', { class: 'cards-row' }, cards), extra, playList);
}

function lastRound(v, ctx) {
  const r = v.last_round;
  if (!r) return null;
  return h('details', { class: 'zone', open: v.phase === 'game_over' }, h('summary', {}, t('dh_round_result', { r: r.round })),
    h('ul', { class: 'plain' }, r.penalties.map((p, s) => h('li', {}, seatTag(ctx, s), ' ', t('dh_penalty', { p, a: r.tails_added[s], t: r.tails[s] }),
      h('span', { class: 'cards-row small-cards inline-cards', 'data-zone': `result-${s}` }, (r.hands[s] || []).map((c) => card(c)))))));
}

export default {
  id: 'daihugo',
  styles: new URL('./board.css', import.meta.url).href,
  summaryJa: '白猫・黒猫・どっぺるのカードで遊ぶ大富豪風の手札減らしゲーム。パスすると場のカードを1枚引き取ります。最初に手札をなくした人がラウンドの勝者、しっぽが5本になった人の負け。1人ならソロチャレンジ。',

  help: HELP,

  prompt(ctx) {
    const v = ctx.view;
    const mine = ctx.legal.length > 0;
    switch (v.phase) {
      case 'wild_swap': return mine ? t('dh_p_swap_you') : t('dh_p_swap_other', { who: ctx.seatLabel((v.to_act || [])[0]) });
      case 'reveal': return mine ? t('dh_p_reveal_you') : Number.isInteger(v.you) ? t('dh_p_reveal_wait', { who: othersToAct(ctx) }) : t('dh_reveal_prompt');
      case 'solo_take': return t('dh_p_solo_take');
      case 'play': {
        const tr_ = v.trick;
        const last = tr_ && tr_.plays.length ? tr_.plays[tr_.plays.length - 1].seat : null;
        const type = tr_ ? t(`dh_type_${tr_.type}`) : '';
        if (mine) {
          if (v.solo) return t('dh_p_solo', { t: v.solo.turn });
          if (!tr_ && v.opening && v.opening.seat === v.you) return t('dh_p_open', { card: elemText(v.opening) });
          if (!tr_) return t('dh_p_lead');
          return t('dh_p_follow', { who: ctx.seatLabel(last), type, size: tr_.size, rank: tr_.rank,
            take: v.field.length ? t('dh_p_take') : t('dh_p_take_none') });
        }
        if (!tr_) return t('dh_p_lead_other', { who: ctx.seatLabel(v.current) });
        return t('dh_p_follow_other', { who: ctx.seatLabel(v.current), type, size: tr_.size, rank: tr_.rank });
      }
      default: return '';
    }
  },

  hint(ctx) {
    const v = ctx.view;
    if (v.phase === 'wild_swap') return t('dh_h_swap');
    if (v.phase === 'reveal') return t('dh_h_reveal');
    if (v.phase === 'solo_take') return t('dh_h_solo_take');
    if (v.phase === 'play') return v.trick ? t('dh_h_follow') : t('dh_h_lead');
    return '';
  },

  legend() {
    return [
      [card('B3b', { class: 'tiny-sample' }), t('dh_l_circles')],
      [h('span', { class: 'mini m-white' }, '?=5'), t('dh_l_wild')],
      [h('span', { class: 'mini m-doppel' }, '4×2'), t('dh_l_double')],
      [t('dh_tails', { n: 2 }), t('dh_l_tails')],
      [h('span', {}, card('W4', { class: 'tiny-sample' }), card('B4a', { class: 'tiny-sample' }), card('D4', { class: 'tiny-sample' })), t('dh_l_marks')],
      [t('dh_trick_info', { type: t('dh_type_set'), size: 2, rank: 4 }), t('dh_l_rank')],
    ];
  },

  render(ctx) {
    const v = ctx.view;
    return h('div', { class: 'board daihugo', 'data-phase': v.phase },
      h('p', { class: 'board-head' }, t('round', { n: v.round }), v.solo && ` · ${t('dh_solo', { t: v.solo.turn, target: v.solo.target })}`),
      seatsPanel(v, ctx),
      h('div', { class: 'dh-middle' }, trickZone(v, ctx), fieldZone(v, ctx)),
      handZone(v, ctx),
      lastRound(v, ctx));
  },

  describeAction(a) {
    switch (a.type) {
      case 'swap_wild': return `${t('dh_swap_prompt')}: ${cardName(a.card)}`;
      case 'reveal': return elemText(a);
      case 'play': return a.cards.map(elemText).join(t('list_sep'));
      case 'pass': return a.take ? t('dh_pass_take', { card: cardName(a.take) }) : t('dh_pass');
      case 'solo_take': return a.from === 'pile' ? t('dh_solo_pile') : t('dh_solo_take', { card: cardName(a.from) });
      default: return a.type;
    }
  },

  describeEvent(e, ctx) {
    const who = (s) => ctx.seatLabel(s);
    switch (e.type) {
      case 'round_start': return t('dh_ev_round_start', { r: e.round });
      case 'wild_swap': return t('dh_ev_swap', { who: who(e.seat), card: cardName(e.wild) }) + (e.drawn ? ` (→ ${cardName(e.drawn)})` : '');
      case 'picked': return t('dh_ev_picked', { who: who(e.seat) }) + (e.card ? ` (${elemText(e)})` : '');
      case 'picks_revealed': return t('dh_ev_revealed', { picks: e.picks.map((p) => `${who(p.seat)} ${elemText(p)}`).join(t('list_sep')), who: who(e.start_seat) });
      case 'play': return t('dh_ev_play', { who: who(e.seat), cards: e.cards.map(elemText).join(t('list_sep')) });
      case 'pass': return e.take ? t('dh_ev_pass_take', { who: who(e.seat), card: cardName(e.take) }) : t('dh_ev_pass', { who: who(e.seat) });
      case 'trick_cleared': return t('dh_ev_cleared', { who: who(e.leader) });
      case 'round_end': return t('dh_ev_round_end', { r: e.round, who: who(e.winner) });
      case 'solo_draw': return t('dh_ev_solo_draw', { who: who(e.seat), from: e.from === 'pile' ? t('dh_pile_word') : cardName(e.from) }) + (e.card ? ` (${cardName(e.card)})` : '');
      case 'game_over': return t('dh_ev_over');
      default: return null;
    }
  },

  // The deal of each round as this seat saw it before anything happened in it.
  observe(view, obs) {
    const last = Array.isArray(view.log) && view.log.length ? view.log[view.log.length - 1] : null;
    if (!last || last.type !== 'round_start' || last.round !== view.round) return;
    obs.rounds = obs.rounds || {};
    if (obs.rounds[view.round]) return;
    const me = Number.isInteger(view.you) ? view.seats[view.you] : null;
    obs.rounds[view.round] = { field: view.field, hand: me ? me.hand : null, players: view.players };
  },

  // daihugo.h: one shuffle of the 32 cards in canonical order per round, nothing else random;
  // hands dealt one card at a time from seat 0 (7 each with 4 players, else 8), then 3 field
  // cards, the rest is the pile (top first).
  verifyDeal({ seed, obs, view }) {
    const drbg = Drbg.fromHex(seed);
    const n = view.players;
    const handSize = n === 4 ? 7 : 8;
    const checks = [];
    let pile = null;
    for (let r = 1; r <= view.round; r++) {
      const cards = drbg.shuffle([...CARDS]);
      const hands = Array.from({ length: n }, () => []);
      for (let i = 0; i < n * handSize; i++) hands[i % n].push(cards[i]);
      const field = cards.slice(n * handSize, n * handSize + 3);
      pile = cards.slice(n * handSize + 3);
      const seen = obs.rounds && obs.rounds[r];
      if (!seen) continue;
      const sorted = (list) => [...list].sort((a, b) => CARDS.indexOf(a) - CARDS.indexOf(b)).join(' ');
      const ok = sorted(seen.field) === sorted(field) && (!seen.hand || sorted(seen.hand) === sorted(hands[view.you]));
      checks.push({ label: t('dh_deal_round', { r }), ok });
    }
    const last = view.last_round;
    if (last && Array.isArray(last.pile) && !last.swap && pile) {
      const tail = pile.slice(pile.length - last.pile.length);
      checks.push({ label: t('dh_deal_pile'), ok: last.pile.length <= pile.length && tail.every((c, i) => c === last.pile[i]) });
    }
    return { ok: checks.length > 0 && checks.every((c) => c.ok), checks };
  },
};
