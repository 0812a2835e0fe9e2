// Oikake Nyanzu: the circular track with both cats, the two presented cards, each player's
// acquired cards, your hand; presenting is two clicks (face-up card, then face-down card).
// Everything comes from the view and the legal actions the server sent.
import { h } from '../../dom.js';
import { t, tr, addStrings, getLang } from '../../i18n.js';
import { Drbg } from '../../drbg.js';
import HELP from './help.js';

// The components table (rules §2.1), in its order: the deal shuffles cards listed this way.
const KINDS = [
  { id: 'find', ja: 'みつけるにゃ', en: 'Find', icon: '見', values: ['0', '0', 'WIN'], normal: 6, short: 4 },
  { id: 'danger', ja: 'あぶにゃーい', en: 'Danger', icon: '危', values: ['+2', '+3', 'LOSE'], normal: 6, short: 4 },
  { id: 'lazy', ja: 'なまけるにゃ', en: 'Lazy', icon: '怠', values: ['−1', '−1', '−2'], normal: 6, short: 4 },
  { id: 'walk', ja: 'あゆむにゃ', en: 'Walk', icon: '歩', values: ['+1', '+2', '+3'], normal: 6, short: 4 },
  { id: 'twist', ja: 'どんでんにゃ', en: 'Twist', icon: '転', values: ['−1', '+6', '−1'], normal: 6, short: 0 },
  { id: 'watch', ja: 'みはりねこ', en: 'Watch', icon: '張', values: ['0', '+2', '+6'], normal: 6, short: 0 },
  { id: 'bigcat', ja: 'でかにゃんこ', en: 'Big Cat', icon: '大', values: ['+4'], normal: 1, short: 0 },
  { id: 'spy', ja: 'すぱいねこ', en: 'Spy Cat', icon: '密', values: ['−3'], normal: 1, short: 0 },
];
const KIND = Object.fromEntries(KINDS.map((k) => [k.id, k]));

addStrings({
  ja: {
    oik_p_present_up: 'あなたが出し手です: 表向きに出すカードを選んでください(次に裏向きの1枚を選びます)。{other}が2枚のうち1枚を取り、残りがあなたのものになって、それぞれ取ったカードの数だけ進みます。',
    oik_p_present_down: 'あなたが出し手です: 表の{card}の横に裏向きで出すカードを選んでください。{other}がどちらかを取り、残りがあなたのものになります。',
    oik_p_exchanges: '(出す前に、手札1枚を山札の一番上と交換できます: あと{n}回)',
    oik_p_present_other: '{who}が出し手です: 表向き1枚と裏向き1枚を出します。そのあと{chooser}がどちらかを取ります。',
    oik_p_choose_you: 'あなたが選び手です: 表の{up}(あなたには{val})か、裏のカードを取ってください。残りは{other}のものになり、それぞれ取ったカードの数だけ進みます。',
    oik_p_choose_other: '{who}が選び手です: 表の{up}か裏のカード({down})のどちらかを取ります。',
    oik_p_down_hidden: '見えません',
    oik_h_present_up: '手札のカードを押すと表向きに出ます。相手に取られてもかまわないカードを表にしましょう。',
    oik_h_present_down: '次に裏向きにするカードを押します。相手には見えないので、どちらを取るかは相手の賭けです。',
    oik_h_choose: '場の表のカードか裏のカードを押します。カードの下線の数字が、あなたが取ったときに進む数です。',
    oik_l_values: 'カードの3つの数字: そのカードを同じ種類の1枚目・2枚目・3枚目以降として取ったときに進む数(+は時計回り、−は戻る)。WINは3枚目の「みつけるにゃ」で勝ち、LOSEは3枚目の「あぶにゃーい」で負け',
    oik_l_next: '下線: 次にそのプレイヤーが取ったら使われる数字(下線の色がプレイヤー)',
    oik_l_count: '×2 などの数字: 同じカードの枚数',
    oik_l_dist: '追いつくまで: 自分のねこが相手のねこに時計回りで追いつくまでのマス数',
    oik_l_exchanges: '交換: このゲームで使った手札交換の回数と上限',
    oik_l_icon: '漢字1文字: カードの種類の目印(見=みつける、危=あぶにゃーい、怠=なまける、歩=あゆむ、転=どんでん、張=みはり、大=でかにゃんこ、密=すぱい)',
    oik_l_track: '円の数字: トラックのマス番号。ねこの色がプレイヤー',
    opt_oikake_mode: 'モード',
    opt_oikake_mode_normal: 'ノーマル(38枚・14マス)',
    opt_oikake_mode_short: 'ミニマムサドンデス(16枚・10マス)',
    opt_oikake_mode_hint: 'ショートは交換なし・手札3枚',
    opt_oikake_first_seat: '最初の出し手',
    opt_oikake_first_seat_0: '席0',
    opt_oikake_first_seat_1: '席1',
    opt_oikake_first_seat_random: 'コイントス(シードから)',
    opt_oikake_first_seat_hint: 'ランダムはゲームのシードで決まります',
    oik_presenter: '出し手',
    oik_chooser: '選び手',
    oik_dist: '追いつくまで {n}マス',
    oik_hand: '手札 {n}枚',
    oik_exchanges: '交換 {n}/{max}',
    oik_area: '獲得したカード',
    oik_your_hand: 'あなたの手札',
    oik_table: '場に出たカード',
    oik_up: '表',
    oik_down: '裏',
    oik_down_yours: '裏(あなたにだけ見えています)',
    oik_take: 'これを取る',
    oik_take_up: '表の{card}を取る',
    oik_take_down: '裏のカードを取る',
    oik_step_up: '手順1/2: あなたが表向きに出すカードを選びます',
    oik_step_down: '手順2/2: あなたが裏向きに出すカードを選びます(表は{card})',
    oik_exchange: '交換',
    oik_exchange_label: '{card}を交換する',
    oik_change: '選び直す',
    oik_deck: '山札 {n}枚',
    oik_last: '前の手番: 表 {up} / 裏 {down} → {who}が{pick}を取った',
    oik_moves: '移動: {list}',
    oik_next_legend: '下線は、そのカードを次に取ったときに進む数(色がプレイヤー):',
    oik_ev_exchange: '{who}が手札を1枚交換しました',
    oik_ev_exchange_card: '{who}が{card}を交換しました',
    oik_ev_present: '{who}が{up}を表、1枚を裏にして出しました',
    oik_ev_present_down: '{who}が{up}を表、{down}を裏にして出しました',
    oik_ev_choose: '{who}が{pick}を取りました(裏は{down})。移動: {moves}',
    oik_ev_over: 'ゲーム終了: {who}の勝ち({reason})',
    oik_pick_up: '表',
    oik_pick_down: '裏',
    oik_final_deck: '残りの山札',
    oik_exchanged: '交換したカード',
    reason_oikake_catch: '追いついた',
    reason_oikake_find3: 'みつけるにゃ3枚',
    reason_oikake_opponent_danger3: '相手があぶにゃーい3枚',
    reason_oikake_conflict: '同時に条件成立(出し手の勝ち)',
    reason_oikake_deck_out_distance: '山札切れ・距離の近い方',
    reason_oikake_deck_out_tie: '山札切れ・同距離(次の出し手)',
    reason_oikake_forfeit: '相手の棄権',
    oik_deal_first: '最初の出し手(席{n})',
    oik_deal_hand: 'あなたの最初の手札',
    oik_deal_deck: 'ゲーム終了時の山札 {n}枚の並び',
  },
  en: {
    oik_p_present_up: 'You present this turn: pick the card to show face up (then the one to place face down). {other} takes one of the two and you get the other; each of you moves by the card you get.',
    oik_p_present_down: 'You present: pick the card to place face down beside the face-up {card}. {other} takes one of the two and you get the other.',
    oik_p_exchanges: ' (Before presenting you may exchange a hand card for the top of the deck: {n} left.)',
    oik_p_exchanges_one: ' (Before presenting you may exchange a hand card for the top of the deck: 1 left.)',
    oik_p_present_other: '{who} presents this turn: one card face up and one face down. Then {chooser} takes one of the two.',
    oik_p_choose_you: 'You choose: take the face-up {up} (for you: {val}) or the face-down card. {other} gets the other one, and each of you moves by the card you get.',
    oik_p_choose_other: '{who} chooses: the face-up {up} or the face-down card ({down}).',
    oik_p_down_hidden: 'hidden',
    oik_h_present_up: 'Press a card in your hand to show it face up: one you would not mind the other player taking.',
    oik_h_present_down: 'Now press the card to place face down. The other player cannot see it: taking it is their gamble.',
    oik_h_choose: 'Press the face-up or the face-down card on the table. The underlined number on a card is how far it moves you.',
    oik_l_values: "A card's three numbers: how far it moves whoever takes it as their 1st, 2nd, and 3rd or later card of that kind (+ clockwise, − back). WIN: a third Find wins; LOSE: a third Danger loses",
    oik_l_next: 'Underlined: the number that applies if that player takes the card next (the colour is the player)',
    oik_l_count: '×2 and so on: how many of that card',
    oik_l_dist: 'Spaces to catch: how far clockwise a cat still has to go to reach the other',
    oik_l_exchanges: 'Exchanges: hand exchanges used in this game, of the most allowed',
    oik_l_icon: "The kanji: the kind's mark (見 Find, 危 Danger, 怠 Lazy, 歩 Walk, 転 Twist, 張 Watch, 大 Big Cat, 密 Spy Cat)",
    oik_l_track: "The ring's numbers: the track's spaces; each cat is in its player's colour",
    opt_oikake_mode: 'Mode',
    opt_oikake_mode_normal: 'Normal (38 cards, 14 spaces)',
    opt_oikake_mode_short: 'Minimum Sudden Death (16 cards, 10 spaces)',
    opt_oikake_mode_hint: 'Short: no exchanges, hands of 3',
    opt_oikake_first_seat: 'First presenter',
    opt_oikake_first_seat_0: 'Seat 0',
    opt_oikake_first_seat_1: 'Seat 1',
    opt_oikake_first_seat_random: 'Coin toss (from the seed)',
    opt_oikake_first_seat_hint: 'random is decided by the game seed',
    oik_presenter: 'presenter',
    oik_chooser: 'chooser',
    oik_dist: '{n} spaces to catch',
    oik_hand: '{n} in hand',
    oik_exchanges: 'exchanges {n}/{max}',
    oik_area: 'Acquired',
    oik_your_hand: 'Your hand',
    oik_table: 'On the table',
    oik_up: 'face up',
    oik_down: 'face down',
    oik_down_yours: 'face down (only you see it)',
    oik_take: 'Take this',
    oik_take_up: 'Take the face-up {card}',
    oik_take_down: 'Take the face-down card',
    oik_step_up: 'Step 1 of 2: you pick the card to show face up',
    oik_step_down: 'Step 2 of 2: you pick the card to place face down (face up: {card})',
    oik_exchange: 'Swap',
    oik_exchange_label: 'Exchange {card}',
    oik_change: 'Pick again',
    oik_deck: 'Deck {n}',
    oik_last: 'Last turn: up {up} / down {down} → {who} took {pick}',
    oik_moves: 'moved: {list}',
    oik_next_legend: 'Underlined: what the card moves its taker next (colour = player):',
    oik_dist_one: '1 space to catch',
    oik_ev_exchange: '{who} exchanged a card',
    oik_ev_exchange_card: '{who} exchanged {card}',
    oik_ev_present: '{who} presented {up} face up and one card face down',
    oik_ev_present_down: '{who} presented {up} face up and {down} face down',
    oik_ev_choose: '{who} took the {pick} card (face down was {down}). Moves: {moves}',
    oik_ev_over: 'Game over: {who} wins ({reason})',
    oik_pick_up: 'face-up',
    oik_pick_down: 'face-down',
    oik_final_deck: 'Remaining deck',
    oik_exchanged: 'Exchanged',
    reason_oikake_catch: 'caught the other cat',
    reason_oikake_find3: 'three Finds',
    reason_oikake_opponent_danger3: 'the opponent holds three Dangers',
    reason_oikake_conflict: 'both conditions at once (presenter wins)',
    reason_oikake_deck_out_distance: 'deck out, closer cat wins',
    reason_oikake_deck_out_tie: 'deck out, tie goes to the next presenter',
    reason_oikake_forfeit: 'the other player forfeited',
    oik_deal_first: 'first presenter (seat {n})',
    oik_deal_hand: 'your starting hand',
    oik_deal_deck: 'the order of the {n} cards left in the deck', oik_deal_deck_one: 'the order of the 1 card left in the deck',
  },
});

const name = (id) => (KIND[id] ? tr(KIND[id].ja, KIND[id].en) : String(id));

// R6: the value a card moves its taker by depends on how many of its kind the taker already
// holds. `next` maps a seat to the copy index that applies if that seat takes it next; those
// values are underlined in the seat's colour.
function cardFace(id, attrs = {}, extra = null, next = null) {
  const k = KIND[id];
  const values = k && k.values.map((val, i) => {
    const seats = next ? Object.keys(next).filter((s) => next[s] === i) : [];
    return h('span', { class: ['v', seats.length ? 'next' : '', ...seats.map((s) => `for${s}`)] }, val);
  });
  return h(attrs.tag || 'div', { ...attrs, tag: undefined, class: ['card', `k-${id}`, attrs.class || ''], 'data-kind': id },
    h('span', { class: 'big', 'aria-hidden': 'true' }, k ? k.icon : '?'),
    h('span', { class: 'card-name' }, name(id)),
    k && h('span', { class: 'values' }, values),
    extra);
}

// For each seat, the copy index (0, 1 or 2) its next card of kind `id` would be (R6).
function nextCopy(v, id) {
  const k = KIND[id];
  if (!k || v.phase === 'game_over') return null;
  return Object.fromEntries(v.players.map((p) => [p.seat, Math.min((p.area && p.area[id]) || 0, k.values.length - 1)]));
}

// A cat's head drawn inline (no image files, no emoji font needed).
export function catIcon(cls = 'cat') {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 32 32');
  svg.setAttribute('class', cls);
  svg.setAttribute('aria-hidden', 'true');
  svg.innerHTML = '<path d="M5 28V8l7 6h8l7-6v20z" fill="currentColor"/><circle cx="12" cy="19" r="2" fill="#ffd25e"/><circle cx="20" cy="19" r="2" fill="#ffd25e"/>';
  return svg;
}

function cardBack(attrs = {}, label = '') {
  return h('div', { ...attrs, class: ['card', 'back', attrs.class || ''] }, catIcon('back-cat'), label);
}

function countsList(counts, keyPrefix) {
  const entries = KINDS.filter((k) => counts && counts[k.id] > 0);
  if (!entries.length) return h('p', { class: 'muted' }, '—');
  return h('div', { class: 'cards-row' }, entries.map((k) =>
    cardFace(k.id, { 'data-watch': `${keyPrefix}-${k.id}`, 'data-val': String(counts[k.id]) },
      counts[k.id] > 1 ? h('span', { class: 'count' }, `×${counts[k.id]}`) : null)));
}

function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0'; }

function track(v, ctx) {
  const n = v.track;
  const spaces = [];
  for (let i = 0; i < n; i++) {
    const angle = (i / n) * 2 * Math.PI - Math.PI / 2;
    spaces.push(h('div', { class: 'space', style: { left: `${50 + 42 * Math.cos(angle)}%`, top: `${50 + 42 * Math.sin(angle)}%` } },
      h('span', { class: 'space-no' }, String(i))));
  }
  const pieces = v.players.map((p) => {
    const angle = (p.pos / n) * 2 * Math.PI - Math.PI / 2;
    const same = v.players[0].pos === v.players[1].pos;
    const off = same ? (p.seat === 0 ? -4 : 4) : 0;
    return h('div', { class: `piece seat${p.seat}`, 'data-flip': `piece-${p.seat}`, 'data-pos': p.pos,
      style: { left: `${50 + 42 * Math.cos(angle) + off}%`, top: `${50 + 42 * Math.sin(angle)}%` },
      title: ctx.seatLabel(p.seat) }, catIcon());
  });
  return h('div', { class: 'track', role: 'img', 'aria-label': v.players.map((p) => `${ctx.seatLabel(p.seat)} ${p.pos}`).join(', ') },
    spaces, pieces,
    h('div', { class: 'track-center' },
      h('div', { class: 'deck-stack', 'data-watch': 'deck', 'data-val': String(v.deck_count) }, cardBack({}, ''), h('span', {}, t('oik_deck', { n: v.deck_count }))),
      h('div', { class: 'muted' }, t('turn', { n: v.turn }))));
}

function playerPanel(v, p, ctx) {
  const mine = p.seat === v.you;
  const role = v.phase === 'game_over' ? '' : p.seat === v.presenter ? t('oik_presenter') : t('oik_chooser');
  return h('section', { class: ['panel', 'oik-player', `seat${p.seat}`, mine ? 'mine' : ''], 'data-seat': p.seat },
    h('h4', {}, h('span', { class: `swatch seat${p.seat}`, 'aria-hidden': 'true' }), ctx.seatLabel(p.seat), role && h('span', { class: 'tag' }, role)),
    h('p', { class: 'stats' },
      v.phase !== 'game_over' && [h('span', { 'data-watch': `dist-${p.seat}`, 'data-val': String(p.dist) }, t('oik_dist', { n: p.dist })), ' · '],
      h('span', { 'data-watch': `hc-${p.seat}` }, t('oik_hand', { n: p.hand_count })), ' · ',
      h('span', {}, t('oik_exchanges', { n: p.exchanges_used, max: v.max_exchanges }))),
    h('h5', {}, t('oik_area')),
    countsList(p.area, `area-${p.seat}`),
    !mine && p.hand && h('div', { 'data-zone': `hand-${p.seat}` }, h('h5', {}, t('hand')), countsList(p.hand, `hand-${p.seat}`)),
    p.exchanged && Object.keys(p.exchanged).length > 0 &&
      h('div', { 'data-zone': `hand-${p.seat}-exchanged` }, h('h5', {}, t('oik_exchanged')), countsList(p.exchanged, `ex-${p.seat}`)));
}

function table(v, ctx) {
  if (!v.table) {
    if (!v.last) return null;
    const l = v.last;
    return h('section', { class: 'oik-table' }, h('h4', {}, t('oik_table')),
      h('p', { class: 'muted' }, t('oik_last', { up: name(l.up), down: name(l.down), who: ctx.seatLabel(1 - l.presenter),
        pick: t(l.pick === 'up' ? 'oik_pick_up' : 'oik_pick_down') }), ' · ',
      t('oik_moves', { list: l.moves.map((m, s) => `${ctx.seatLabel(s)} ${signed(m)}`).join(t('list_sep')) })));
  }
  const choose = (pick) => ctx.legal.find((a) => a.type === 'choose' && a.pick === pick);
  const up = choose('up'), down = choose('down');
  const upCard = up ? ctx.actButton(up, cardFace(v.table.up, { tag: 'span', class: 'inner' }, null, nextCopy(v, v.table.up)), { class: 'card-button', 'aria-label': t('oik_take_up', { card: name(v.table.up) }), 'data-key': 'take-up' })
    : cardFace(v.table.up, { 'data-flip': 'table-up' }, null, nextCopy(v, v.table.up));
  const hidden = v.table.down === null || v.table.down === undefined;
  const downFace = hidden ? cardBack({ 'data-zone': 'down' }) : cardFace(v.table.down, { 'data-zone': 'down' }, null, nextCopy(v, v.table.down));
  const downCard = down ? ctx.actButton(down, downFace, { class: 'card-button', 'aria-label': t('oik_take_down'), 'data-key': 'take-down' }) : downFace;
  return h('section', { class: 'oik-table' }, h('h4', {}, t('oik_table')),
    h('div', { class: 'cards-row' },
      h('figure', {}, upCard, h('figcaption', {}, t('oik_up'))),
      h('figure', {}, downCard, h('figcaption', {}, hidden ? t('oik_down') : t('oik_down_yours')))));
}

// Presenting in two steps: the face-up card, then the face-down card (from the legal list).
function hand(v, ctx) {
  const me = v.players[v.you];
  if (!me || !me.hand) return null;
  const presents = ctx.legal.filter((a) => a.type === 'present');
  const exchanges = ctx.legal.filter((a) => a.type === 'exchange');
  const chosenUp = ctx.pick.up;
  let prompt = null;
  const cards = KINDS.filter((k) => me.hand[k.id] > 0).map((k) => {
    const count = me.hand[k.id];
    const badge = count > 1 ? h('span', { class: 'count' }, `×${count}`) : null;
    let face;
    if (presents.length && !chosenUp && presents.some((a) => a.up === k.id)) {
      face = ctx.pickButton(cardFace(k.id, { tag: 'span', class: 'inner' }, badge, nextCopy(v, k.id)), { up: k.id },
        { class: 'card-button', 'data-key': `up-${k.id}`, 'aria-label': `${t('oik_up')}: ${name(k.id)}` });
    } else if (chosenUp) {
      const a = presents.find((x) => x.up === chosenUp && x.down === k.id);
      face = a ? ctx.actButton(a, cardFace(k.id, { tag: 'span', class: 'inner' }, badge, nextCopy(v, k.id)),
        { class: 'card-button', 'data-key': `down-${k.id}`, 'aria-label': `${t('oik_down')}: ${name(k.id)}` })
        : cardFace(k.id, { class: k.id === chosenUp ? 'selected' : 'dim' }, badge, nextCopy(v, k.id));
    } else {
      face = cardFace(k.id, {}, badge, nextCopy(v, k.id));
    }
    const ex = exchanges.find((a) => a.card === k.id);
    return h('div', { class: 'hand-card', 'data-watch': `myhand-${k.id}`, 'data-val': String(count) }, face,
      ex && !chosenUp && ctx.actButton(ex, t('oik_exchange'), { class: 'small', 'aria-label': t('oik_exchange_label', { card: name(k.id) }) }));
  });
  if (presents.length) {
    prompt = chosenUp
      ? h('p', { class: 'step' }, t('oik_step_down', { card: name(chosenUp) }), ' ',
        h('button', { type: 'button', class: 'small', 'data-key': 'repick', onclick: () => ctx.setPick({}) }, t('oik_change')))
      : h('p', { class: 'step' }, t('oik_step_up'));
    ctx.cover(presents);
  }
  return h('section', { class: 'oik-hand', 'data-zone': 'my-hand' }, h('h4', {}, t('oik_your_hand')), prompt, h('div', { class: 'cards-row' }, cards),
    v.phase !== 'game_over' && h('p', { class: 'muted small next-legend' }, t('oik_next_legend'), ' ',
      v.players.map((p) => h('span', { class: `legend for${p.seat}` }, ctx.seatLabel(p.seat)))));
}

export default {
  id: 'oikake',
  styles: new URL('./board.css', import.meta.url).href,
  summaryJa: '2匹のねこがトラックをぐるぐる追いかけっこ。手札から表と裏の2枚を出し、相手が1枚を選び、残りで自分が進みます。追いつくか「みつけるにゃ」3枚で勝ち、「あぶにゃーい」3枚で負け。',

  help: HELP,

  // The decision of the moment, from the view alone: who presents or chooses, and what the
  // choice does.
  prompt(ctx) {
    const v = ctx.view;
    const me = v.you;
    const other = (s) => ctx.seatLabel(1 - s);
    if (v.phase === 'present') {
      if (v.presenter === me && ctx.legal.length) {
        const up = ctx.pick.up;
        const left = v.max_exchanges - (v.players[me]?.exchanges_used ?? 0);
        const exchanges = !up && ctx.legal.some((a) => a.type === 'exchange') ? t('oik_p_exchanges', { n: left }) : '';
        return up ? t('oik_p_present_down', { card: name(up), other: other(me) }) : t('oik_p_present_up', { other: other(me) }) + exchanges;
      }
      return t('oik_p_present_other', { who: ctx.seatLabel(v.presenter), chooser: ctx.seatLabel(1 - v.presenter) });
    }
    if (v.phase === 'choose' && v.table) {
      const chooser = 1 - v.presenter;
      if (chooser === me && ctx.legal.length) {
        const next = nextCopy(v, v.table.up);
        const val = KIND[v.table.up] && next ? KIND[v.table.up].values[next[me]] : '?';
        return t('oik_p_choose_you', { up: name(v.table.up), val, other: other(me) });
      }
      const down = v.table.down ? name(v.table.down) : t('oik_p_down_hidden');
      return t('oik_p_choose_other', { who: ctx.seatLabel(chooser), up: name(v.table.up), down });
    }
    return '';
  },

  // The walkthrough's line for a first game.
  hint(ctx) {
    const v = ctx.view;
    if (v.phase === 'present') return ctx.pick.up ? t('oik_h_present_down') : t('oik_h_present_up');
    if (v.phase === 'choose') return t('oik_h_choose');
    return '';
  },

  legend(ctx) {
    const sample = cardFace('danger', { class: 'tiny-sample' });
    return [
      [sample, t('oik_l_values')],
      [h('span', { class: 'legend for0' }, '+2'), t('oik_l_next')],
      [h('span', { class: 'count-sample' }, '×2'), t('oik_l_count')],
      [t('oik_dist', { n: 3 }), t('oik_l_dist')],
      [t('oik_exchanges', { n: 1, max: ctx.view.max_exchanges }), t('oik_l_exchanges')],
      ['見 危 怠 歩', t('oik_l_icon')],
      ['0 1 2 …', t('oik_l_track')],
    ];
  },

  render(ctx) {
    const v = ctx.view;
    return h('div', { class: 'board oikake', 'data-phase': v.phase },
      h('div', { class: 'oik-top' }, track(v, ctx), h('div', { class: 'oik-side' }, table(v, ctx), hand(v, ctx))),
      h('div', { class: 'seat-panels' }, v.players.map((p) => playerPanel(v, p, ctx))),
      Array.isArray(v.deck) && v.deck.length > 0 && h('section', { 'data-zone': 'final-deck' }, h('h4', {}, t('oik_final_deck')), h('div', { class: 'cards-row' }, v.deck.map((c) => cardFace(c)))));
  },

  describeAction(a, ctx) {
    if (a.type === 'exchange') return t('oik_exchange_label', { card: name(a.card) });
    if (a.type === 'present') return `${t('oik_up')}: ${name(a.up)} / ${t('oik_down')}: ${name(a.down)}`;
    // The face-up card's name when the view it is chosen from is known.
    if (a.type === 'choose') return a.pick === 'up' ? t('oik_take_up', { card: ctx?.view?.table?.up ? name(ctx.view.table.up) : '' }) : t('oik_take_down');
    return a.type;
  },

  describeEvent(e, ctx) {
    const who = (s) => ctx.seatLabel(s);
    switch (e.type) {
      case 'exchange': return e.card ? t('oik_ev_exchange_card', { who: who(e.seat), card: name(e.card) }) : t('oik_ev_exchange', { who: who(e.seat) });
      case 'present': return e.down ? t('oik_ev_present_down', { who: who(e.seat), up: name(e.up), down: name(e.down) })
        : t('oik_ev_present', { who: who(e.seat), up: name(e.up) });
      case 'choose': return t('oik_ev_choose', { who: who(e.seat), pick: t(e.pick === 'up' ? 'oik_pick_up' : 'oik_pick_down'),
        down: name(e.down), moves: (e.moves || []).map((m, s) => `${who(s)} ${signed(m)}`).join(t('list_sep')) });
      case 'game_over': return t('oik_ev_over', { who: who(e.winner),
        reason: e.reason === 'forfeit' ? t('reason_forfeit_by', { who: who(1 - e.winner) }) : t(`reason_oikake_${e.reason}`) });
      default: return null;
    }
  },

  // Keeps what the deal check needs: the starting hand this seat was dealt.
  observe(view, obs, version) {
    if (version === 0 && Number.isInteger(view.you)) obs.start_hand = view.players[view.you].hand;
  },

  // Re-runs the documented random steps (oikake.h): (1) shuffle of the mode's cards in
  // components-table order, deal H each alternating from seat 0, the rest is the deck (top
  // first); (2) uniform(2) for the first presenter when first_seat is "random".
  verifyDeal({ seed, options, obs, view }) {
    const mode = options.mode === 'short' ? 'short' : 'normal';
    const cards = [];
    for (const k of KINDS) for (let i = 0; i < k[mode]; i++) cards.push(k.id);
    const drbg = Drbg.fromHex(seed);
    drbg.shuffle(cards);
    const handSize = mode === 'normal' ? 4 : 3;
    const hands = [{}, {}];
    for (let i = 0; i < 2 * handSize; i++) hands[i % 2][cards[i]] = (hands[i % 2][cards[i]] || 0) + 1;
    const deck = cards.slice(2 * handSize);
    const first = Number.isInteger(options.first_seat) ? options.first_seat : drbg.uniform(2);
    const checks = [{ label: t('oik_deal_first', { n: first }), ok: view.first_seat === first }];
    if (obs.start_hand && Number.isInteger(view.you)) {
      const same = KINDS.every((k) => (obs.start_hand[k.id] || 0) === (hands[view.you][k.id] || 0));
      checks.push({ label: t('oik_deal_hand'), ok: same });
    }
    if (Array.isArray(view.deck)) {
      // The deck is only ever drawn from the top, so what is left is the end of the dealt deck.
      const tail = deck.slice(deck.length - view.deck.length);
      checks.push({ label: t('oik_deal_deck', { n: view.deck.length }), ok: view.deck.length <= deck.length && tail.every((c, i) => c === view.deck[i]) });
    }
    return { ok: checks.every((c) => c.ok), checks };
  },
};
