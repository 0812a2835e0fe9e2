// Kushine-go Departs: the face-down piles, the pier with each nyanko type's progress, the
// officers and what they said, your hand. Drawing is a click on a pile; returning is a click
// on a hand card and then on a pile; the structured table talk sits in a folded panel.
import { h } from '../../dom.js';
import { t, tr, addStrings } from '../../i18n.js';
import { Drbg } from '../../drbg.js';
import { section, seatTag } from '../cards.js';
import HELP from './help.js';

const KINDS = {
  passenger: ['乗客', 'Passenger', '客'], guard: ['護衛', 'Guard', '護'], sailor: ['水夫', 'Sailor', '水'], cook: ['コック', 'Cook', '料'],
  mouse: ['ネズミ', 'Mouse', '鼠'], tanuki: ['タヌキ', 'Tanuki', '狸'], matatabi: ['マタタビ', 'Matatabi', '酒'],
};
const ORDER = ['passenger', 'guard', 'sailor', 'cook', 'mouse', 'tanuki', 'matatabi'];
const OFFICERS = { captain: ['船長', 'Captain'], mate: ['副長', 'First Mate'], boatswain: ['水夫長', 'Boatswain'], doctor: ['船医', "Ship's Doctor"] };
const OFFICER_ORDER = ['captain', 'mate', 'boatswain', 'doctor'];

addStrings({
  ja: {
    ks_ab_captain: '能力(1ゲーム1回): 誰かが引いたタヌキを打ち消す', ks_ab_mate: '能力(1ゲーム1回・1アクション): 山の一番上をこっそり見て、手札に入れるか一番下へ',
    ks_ab_boatswain: '能力(1ゲーム1回・1アクション): にゃんこ2匹をまとめて船着き場に置く', ks_ab_doctor: '能力(1ゲーム1回): 誰かが引いたマタタビを打ち消す',
    ks_p_act_you: 'あなたの番({officer})、残り{n}アクション: {list}のどれかをします。',
    ks_p_act_other: '{who}({officer})の番です。残り{n}アクション。',
    ks_p_give_you: '{receiver}が受け取りを選びました: 渡すカードをあなたが手札から選びます。',
    ks_p_give_other: '{giver}が{receiver}に渡すカードを選んでいます。',
    ks_p_peek_you: 'あなたは山{p}の一番上をのぞきました: {card}です。手札に入れるか、その山の一番下に戻します。',
    ks_p_peek_other: '{who}(副長)が山{p}の一番上を手札に入れるか一番下に戻すか決めています。',
    ks_p_captain_you: '{who}が山{p}からタヌキを引きました。船長のあなたは効果を打ち消せます(1ゲーム1回)。打ち消さないと、すべての山の一番上が集まって新しい山になります(いま{n}山、6山で失敗)。',
    ks_p_captain_other: '{who}が山{p}からタヌキを引きました。{officer}が効果を打ち消すか決めています。',
    ks_p_doctor_you: '{who}が山{p}からマタタビを引きました。船医のあなたは効果を打ち消せます(1ゲーム1回)。打ち消さないと山{p}が切り混ぜられます。',
    ks_p_doctor_other: '{who}が山{p}からマタタビを引きました。{officer}が効果を打ち消すか決めています。',
    ks_p_merge_you: 'にゃんこが乗船しました: あなたは山を1つ別の山に重ねるか、重ねずに続けます(いま{n}山。ノーマル以上は最後に1山が条件)。',
    ks_p_merge_must: 'ネズミを退治したので、あなたは山を1つ別の山に重ねます(いま{n}山)。',
    ks_p_merge_other: '{who}が山を重ねるか決めています。',
    ks_a_draw: '山から引く', ks_a_return: '手札を山の一番下に戻す', ks_a_place: 'にゃんこを船着き場に置く', ks_a_receive: '{right}からカードを受け取る',
    ks_a_exterminate: 'ネズミ3匹を退治する', ks_a_mate_peek: '山の一番上をのぞく(能力)', ks_a_boatswain_place: 'にゃんこを2匹まとめて置く(能力)',
    ks_h_act: '山を押すとカードを引きます。手札の下のボタンで置く・戻す・渡すができます。',
    ks_h_give: '渡すカードの下の「渡す」を押します。',
    ks_h_cancel: '打ち消すなら「打ち消す」、能力を後に取っておくなら「打ち消さない」を押します。',
    ks_h_merge: '重ねる組み合わせか「重ねない」を押します。',
    ks_h_peek: '「手札に入れる」か「山の底へ」を押します。',
    ks_l_pile: 'p1 10枚: 伏せた山とその枚数。どれか1つが0枚になるか、山が6つになると失敗',
    ks_l_pier: '3/5: 船着き場に置いたにゃんこの数。5匹そろうとその種類が乗船',
    ks_l_removed: '除外: ゲームから取り除かれたネズミ・タヌキ・マタタビの数',
    ks_l_ability: '能力あり/使用済み: 士官の1ゲーム1回の能力。使ったあとは毎手番1アクション',
    ks_l_said: '発言: 手札の内訳(にゃんこ何匹・ネズミ何匹)など、決まった言い方での発言',
    opt_kushine_characters_default: '標準(人数に合わせた士官)', opt_kushine_assignment_random: 'ランダム(シードから)',
    opt_kushine_players: '人数', opt_kushine_difficulty: '難易度', opt_kushine_difficulty_easy: 'やさしい', opt_kushine_difficulty_normal: 'ふつう',
    opt_kushine_difficulty_hard: 'むずかしい', opt_kushine_characters: '役職', opt_kushine_assignment: '役職の割り当て', opt_kushine_max_turns: '手番の上限',
    ks_piles: '山札', ks_pile: '山{id}', ks_pile_size: '{n}枚', ks_pier: '船着き場', ks_boarded: '乗船済み', ks_removed: '除外: ネズミ{m}・タヌキ{t}・マタタビ{x}',
    ks_actions_left: '残りアクション {n}', ks_your_hand: 'あなたの手札', ks_hand_count: '手札 {n}枚', ks_ability: '能力あり', ks_ability_used: '能力使用済み',
    ks_said: '発言: {what}', ks_talk: '話す(構造化された発言)', ks_decide: '決めること',
    ks_draw: '山{id}から引く', ks_return_to: '山{id}の底に戻す', ks_return: '戻す', ks_return_prompt: '{card}を戻す山を選んでください', ks_place: '船着き場に置く', ks_give: '渡す',
    ks_receive: '右隣からカードを受け取る', ks_exterminate: 'ネズミ3匹を退治', ks_exterminate_merge: 'ネズミ退治(山{a}を山{b}の上へ)', ks_peek: 'のぞく',
    ks_mate_hand: '手札に入れる', ks_mate_bottom: '山の底へ', ks_cancel: '{card}を打ち消す', ks_no_cancel: '{card}を打ち消さない', ks_merge: '山{a}を山{b}に重ねる', ks_skip_merge: '重ねない',
    ks_boatswain: '{a}と{b}を置く', ks_turn: '手番 {n}', ks_difficulty: '難易度: {d}', ks_pending_give: '{giver}が{receiver}に渡すカードを選びます', ks_peeked: 'のぞいたカード: {card}',
    ks_ev_start: '{who}から出港準備開始', ks_ev_turn: '{who}の手番(アクション{n})', ks_ev_draw: '{who}が山{p}から引きました', ks_ev_place: '{who}が{cards}を船着き場へ',
    ks_ev_board: '{card}が乗船しました', ks_ev_return: '{who}が山{p}の底にカードを戻しました', ks_ev_give: '{who}が{to}にカードを渡しました',
    ks_ev_tanuki: 'タヌキ!新しい山{p}({n}枚)', ks_ev_matatabi: 'マタタビ!山{p}を切り混ぜ', ks_ev_over_win: '出港成功!', ks_ev_over_loss: '失敗…({reason})',
    reason_kushine_all_boarded: '全員乗船', reason_kushine_pile_empty: '山札が空になった', reason_kushine_six_piles: '山札が6つになった', reason_kushine_turn_limit: '手番の上限', reason_kushine_difficulty_not_met: '全員乗船したが難易度の条件に届かず',
    ks_deal_officers: '役職の割り当て', ks_deal_piles: '最初の山の枚数', ks_deal_top: '山{p}の一番上のカード',
    ks_say_hand: '手札の内訳を言う', ks_say_hand_counts: '手札はにゃんこ{n}匹・ネズミ{m}匹', ks_say_want_mouse: 'ネズミがほしい', ks_say_want_nyanko: 'にゃんこがほしい',
    ks_say_pile_draw: '山{id}から引いて', ks_say_pile_avoid: '山{id}は引かないで', ks_say_merge: '山{a}を山{b}に重ねよう',
    ks_ev_receive: '{who}が{from}からカードを受け取りました', ks_ev_exterminate: '{who}がネズミ3匹を退治しました', ks_ev_peek: '{who}が山{p}の一番上をのぞきました',
    ks_ev_mate_bottom: '{who}がのぞいたカードを山{p}の底へ', ks_ev_merge: '{who}が山{a}を山{b}に重ねました', ks_ev_skip_merge: '{who}は山を重ねませんでした',
    ks_ev_captain_cancel: '{who}(船長)がタヌキを打ち消しました', ks_ev_doctor_cancel: '{who}(船医)がマタタビを打ち消しました',
  },
  en: {
    ks_ab_captain: 'Ability (once a game): cancel a Tanuki anyone draws', ks_ab_mate: 'Ability (once a game, one action): peek at the top of a pile, then take it or put it at the bottom',
    ks_ab_boatswain: 'Ability (once a game, one action): place two nyanko on the pier at once', ks_ab_doctor: 'Ability (once a game): cancel a Matatabi anyone draws',
    ks_p_act_you: 'Your turn as the {officer}, {n} actions left: you {list}.',
    ks_p_act_you_one: 'Your turn as the {officer}, 1 action left: you {list}.',
    ks_p_act_other: "{who} ({officer}) is taking their turn: {n} actions left.",
    ks_p_act_other_one: "{who} ({officer}) is taking their turn: 1 action left.",
    ks_p_give_you: '{receiver} asked to receive a card: you choose the card of your hand to give them.',
    ks_p_give_other: '{giver} is choosing a card to give {receiver}.',
    ks_p_peek_you: 'You peeked at the top of pile {p}: a {card}. You take it into your hand or put it at the bottom of that pile.',
    ks_p_peek_other: '{who} (First Mate) decides whether to take the top of pile {p} or put it at the bottom.',
    ks_p_captain_you: '{who} drew a Tanuki from pile {p}. As the Captain you may cancel it (once a game); otherwise the top card of every pile forms a new pile ({n} piles now: six lose).', ks_p_captain_you_one: '{who} drew a Tanuki from pile {p}. As the Captain you may cancel it (once a game); otherwise the top card of every pile forms a new pile (1 pile now: six lose).',
    ks_p_captain_other: '{who} drew a Tanuki from pile {p}; the {officer} decides whether to cancel it.',
    ks_p_doctor_you: "{who} drew Matatabi from pile {p}. As the Ship's Doctor you may cancel it (once a game); otherwise pile {p} is shuffled.",
    ks_p_doctor_other: '{who} drew Matatabi from pile {p}; the {officer} decides whether to cancel it.',
    ks_p_merge_you: 'A kind of nyanko boarded: you may put one pile onto another, or merge none ({n} piles now; Normal and Hard need one pile at the end).', ks_p_merge_you_one: 'A kind of nyanko boarded: you may put one pile onto another, or merge none (1 pile now; Normal and Hard need one pile at the end).',
    ks_p_merge_must: 'You exterminated the mice: now you put one pile onto another ({n} piles now).', ks_p_merge_must_one: 'You exterminated the mice: now you put one pile onto another (1 pile now).',
    ks_p_merge_other: '{who} decides whether to put one pile onto another.',
    ks_a_draw: 'draw from a pile', ks_a_return: 'return a card under a pile', ks_a_place: 'place a nyanko on the pier', ks_a_receive: 'receive a card from {right}',
    ks_a_exterminate: 'exterminate your three mice', ks_a_mate_peek: 'peek at a pile (your ability)', ks_a_boatswain_place: 'place two nyanko at once (your ability)',
    ks_h_act: 'Press a pile to draw from it; the buttons under your hand cards place, return or give them.',
    ks_h_give: 'Press "Give" under the card you hand over.',
    ks_h_cancel: 'Press "Cancel" to stop it, or "Don\'t cancel" to keep the ability for later.',
    ks_h_merge: 'Press the piles to put together, or "No merge".',
    ks_h_peek: 'Press "Take into hand" or "Put at the bottom".',
    ks_l_pile: 'p1 10 cards: a face-down pile and its size. A pile at 0 cards, or six piles, loses the game',
    ks_l_pier: '3/5: nyanko of a kind on the pier; at five that kind boards',
    ks_l_removed: 'removed: mice, tanuki and matatabi taken out of the game',
    ks_l_ability: "ability ready / used: the officer's once-a-game ability; after using it, one action a turn",
    ks_l_said: 'said: what a player told the others in the game\'s fixed phrases (how many nyanko and mice in hand, and so on)',
    opt_kushine_characters_default: 'standard (the officers for the player count)', opt_kushine_assignment_random: 'random (from the seed)',
    opt_kushine_players: 'Players', opt_kushine_difficulty: 'Difficulty', opt_kushine_difficulty_easy: 'easy', opt_kushine_difficulty_normal: 'normal',
    opt_kushine_difficulty_hard: 'hard', opt_kushine_characters: 'Officers', opt_kushine_assignment: 'Officer assignment', opt_kushine_max_turns: 'Turn limit',
    ks_piles: 'Piles', ks_pile: 'pile {id}', ks_pile_size: '{n} cards', ks_pile_size_one: '1 card', ks_pier: 'Pier', ks_boarded: 'boarded', ks_removed: 'removed: mice {m}, tanuki {t}, matatabi {x}',
    ks_actions_left: '{n} actions left', ks_actions_left_one: '1 action left', ks_your_hand: 'Your hand', ks_hand_count: '{n} in hand', ks_ability: 'ability ready', ks_ability_used: 'ability used',
    ks_said: 'said: {what}', ks_talk: 'Talk (structured)', ks_decide: 'To decide',
    ks_draw: 'Draw from pile {id}', ks_return_to: 'Return to the bottom of pile {id}', ks_return: 'Return', ks_return_prompt: 'Pick the pile for {card}', ks_place: 'Place on the pier', ks_give: 'Give',
    ks_receive: 'Receive a card from the right', ks_exterminate: 'Exterminate 3 mice', ks_exterminate_merge: 'Exterminate (pile {a} onto pile {b})', ks_peek: 'Peek',
    ks_mate_hand: 'Take into hand', ks_mate_bottom: 'Put at the bottom', ks_cancel: 'Cancel the {card}', ks_no_cancel: "Don't cancel the {card}", ks_merge: 'Put pile {a} onto pile {b}', ks_skip_merge: 'No merge',
    ks_boatswain: 'Place {a} and {b}', ks_turn: 'turn {n}', ks_difficulty: 'difficulty: {d}', ks_pending_give: '{giver} chooses a card for {receiver}', ks_peeked: 'peeked card: {card}',
    ks_ev_start: '{who} starts', ks_ev_turn: 'Turn of {who} ({n} actions)', ks_ev_turn_one: 'Turn of {who} (1 action)', ks_ev_draw: '{who} drew from pile {p}', ks_ev_place: '{who} placed {cards} on the pier',
    ks_ev_board: 'The {card} boarded', ks_ev_return: '{who} returned a card under pile {p}', ks_ev_give: '{who} gave a card to {to}',
    ks_ev_tanuki: 'Tanuki! New pile {p} ({n} cards)', ks_ev_tanuki_one: 'Tanuki! New pile {p} (1 card)', ks_ev_matatabi: 'Matatabi! Pile {p} shuffled', ks_ev_over_win: 'The ship sails!', ks_ev_over_loss: 'Lost ({reason})',
    reason_kushine_all_boarded: 'everyone boarded', reason_kushine_pile_empty: 'a pile ran out', reason_kushine_six_piles: 'six piles', reason_kushine_turn_limit: 'turn limit', reason_kushine_difficulty_not_met: 'all boarded, but short of the difficulty',
    ks_deal_officers: 'officer assignment', ks_deal_piles: 'starting pile sizes', ks_deal_top: 'top card of pile {p}',
    ks_say_hand: 'Tell my hand', ks_say_hand_counts: 'my hand: {n} nyanko, {m} mice', ks_say_want_mouse: 'I want a mouse', ks_say_want_nyanko: 'I want a nyanko',
    ks_say_pile_draw: 'draw from pile {id}', ks_say_pile_avoid: "don't draw from pile {id}", ks_say_merge: 'put pile {a} onto pile {b}',
    ks_ev_receive: '{who} received a card from {from}', ks_ev_exterminate: '{who} exterminated 3 mice', ks_ev_peek: '{who} peeked at the top of pile {p}',
    ks_ev_mate_bottom: '{who} put the peeked card under pile {p}', ks_ev_merge: '{who} put pile {a} onto pile {b}', ks_ev_skip_merge: '{who} merged no piles',
    ks_ev_captain_cancel: '{who} (Captain) cancelled the tanuki', ks_ev_doctor_cancel: "{who} (Ship's Doctor) cancelled the matatabi",
  },
});

const kindName = (k) => (KINDS[k] ? tr(KINDS[k][0], KINDS[k][1]) : k);
const officerName = (o) => (OFFICERS[o] ? tr(...OFFICERS[o]) : o);

function card(kind, attrs = {}, extra = null) {
  return h(attrs.tag || 'div', { ...attrs, tag: undefined, class: ['card', 'ks', `k-${kind}`, attrs.class || ''], 'data-kind': kind },
    h('span', { class: 'big' }, KINDS[kind] ? KINDS[kind][2] : '?'), h('span', { class: 'card-name' }, kindName(kind)), extra);
}

// The structured talk (rules R21): a say action, or what a seat said (with its true counts).
function sayText(s) {
  if (!s || typeof s !== 'object') return '';
  switch (s.topic) {
    case 'hand': return Number.isInteger(s.nyanko) ? t('ks_say_hand_counts', { n: s.nyanko, m: s.mice }) : t('ks_say_hand');
    case 'want': return t(s.category === 'mouse' ? 'ks_say_want_mouse' : 'ks_say_want_nyanko');
    case 'pile': return t(s.hint === 'draw' ? 'ks_say_pile_draw' : 'ks_say_pile_avoid', { id: s.pile });
    case 'merge': return t('ks_say_merge', { a: s.top, b: s.bottom });
    default: return Object.entries(s).filter(([k]) => !['type', 'seat', 'n'].includes(k)).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(', ');
  }
}

function describe(a, ctx) {
  switch (a.type) {
    case 'draw': return t('ks_draw', { id: a.pile });
    case 'return': return `${kindName(a.card)} → ${t('ks_return_to', { id: a.pile })}`;
    case 'place': return `${kindName(a.card)}: ${t('ks_place')}`;
    case 'give': return `${kindName(a.card)}: ${t('ks_give')}`;
    case 'receive': return t('ks_receive');
    case 'exterminate': return a.top ? t('ks_exterminate_merge', { a: a.top, b: a.bottom }) : t('ks_exterminate');
    case 'mate_peek': return `${t('ks_peek')}: ${t('ks_pile', { id: a.pile })}`;
    case 'mate_decide': return a.to === 'hand' ? t('ks_mate_hand') : t('ks_mate_bottom');
    case 'captain_decide': case 'doctor_decide': {
      const card = kindName(a.type === 'captain_decide' ? 'tanuki' : 'matatabi');
      return a.cancel ? t('ks_cancel', { card }) : t('ks_no_cancel', { card });
    }
    case 'merge': return t('ks_merge', { a: a.top, b: a.bottom });
    case 'skip_merge': return t('ks_skip_merge');
    case 'boatswain_place': return t('ks_boatswain', { a: kindName(a.cards[0]), b: kindName(a.cards[1]) });
    case 'say': return sayText(a);
    default: return a.type;
  }
}

function pilesZone(v, ctx) {
  const ret = ctx.pick.ret;
  return section(t('ks_piles'), ret && h('p', { class: 'prompt' }, t('ks_return_prompt', { card: kindName(ret) }),
    h('button', { type: 'button', class: 'small', 'data-key': 'unpick', onclick: () => ctx.setPick({}) }, t('cancel'))),
  h('div', { class: 'cards-row' }, v.piles.map((p) => {
    const draw = ctx.legal.find((a) => a.type === 'draw' && a.pile === p.id);
    const back = ret ? ctx.legal.find((a) => a.type === 'return' && a.card === ret && a.pile === p.id) : null;
    const peek = ctx.legal.find((a) => a.type === 'mate_peek' && a.pile === p.id);
    const face = h('span', { class: 'card back ks-pile', 'data-watch': `pile-${p.id}`, 'data-val': String(p.size) },
      h('strong', {}, `p${p.id}`), h('span', {}, t('ks_pile_size', { n: p.size })));
    const main = back ? ctx.actButton(back, face, { class: 'card-button', 'aria-label': describe(back) })
      : draw && !ret ? ctx.actButton(draw, face, { class: 'card-button', 'aria-label': describe(draw) }) : face;
    return h('div', { class: 'pile', 'data-zone': Array.isArray(p.cards) ? 'final-pile' : null }, main,
      peek && !ret && ctx.actButton(peek, t('ks_peek'), { class: 'small' }),
      Array.isArray(p.cards) && h('div', { class: 'cards-row small-cards' }, p.cards.map((c) => card(c))));
  })));
}

function pierZone(v) {
  return section(t('ks_pier'), h('div', { class: 'pier' }, ORDER.slice(0, 4).map((k) => h('div', { class: ['pier-row', v.boarded.includes(k) ? 'boarded' : ''] },
    card(k, { class: 'tiny' }), h('progress', { max: 5, value: v.pier[k], 'aria-label': `${kindName(k)} ${v.pier[k]}/5` }),
    h('span', { 'data-watch': `pier-${k}`, 'data-val': String(v.pier[k]) }, `${v.pier[k]}/5`), v.boarded.includes(k) && h('span', { class: 'tag' }, t('ks_boarded'))))),
  h('p', { class: 'muted small' }, t('ks_removed', { m: v.removed.mouse, t: v.removed.tanuki, x: v.removed.matatabi })));
}

function seatsZone(v, ctx) {
  return h('div', { class: 'seat-panels' }, v.seats.map((s) => h('section', {
    class: ['panel', s.seat === v.you ? 'mine' : '', v.actor === s.seat ? 'acting' : ''], 'data-seat': s.seat },
  h('h4', {}, seatTag(ctx, s.seat), ' ', h('span', { class: 'tag' }, officerName(s.officer))),
  h('p', { class: 'stats' }, t('ks_hand_count', { n: s.hand_count }), ' · ', s.ability_available ? t('ks_ability') : t('ks_ability_used')),
  h('p', { class: 'muted small ability' }, t(`ks_ab_${s.officer}`)),
  s.said && h('p', { class: 'said' }, t('ks_said', { what: sayText(s.said) })),
  s.seat !== v.you && s.hand && h('div', { class: 'cards-row small-cards', 'data-zone': `hand-${s.seat}` },
    Object.entries(s.hand).flatMap(([k, n]) => Array.from({ length: n }, () => card(k)))))));
}

function handZone(v, ctx) {
  const me = v.seats[v.you];
  if (!me || !me.hand) return null;
  const kinds = ORDER.filter((k) => me.hand[k] > 0);
  const cards = kinds.flatMap((k) => Array.from({ length: me.hand[k] }, (_, i) => {
    const place = ctx.legal.find((a) => a.type === 'place' && a.card === k);
    const give = ctx.legal.find((a) => a.type === 'give' && a.card === k);
    const canReturn = ctx.legal.some((a) => a.type === 'return' && a.card === k);
    return h('div', { class: 'hand-card' }, card(k, { class: ctx.pick.ret === k ? 'selected' : '' }),
      i === 0 && place && ctx.actButton(place, t('ks_place'), { class: 'small' }),
      i === 0 && give && ctx.actButton(give, t('ks_give'), { class: 'small' }),
      i === 0 && canReturn && ctx.pickButton(t('ks_return'), ctx.pick.ret === k ? {} : { ret: k }, { class: 'small' }));
  }));
  ctx.cover(ctx.legal.filter((a) => a.type === 'return'));
  return h('section', { class: 'zone', 'data-zone': 'my-hand' }, h('h4', {}, t('ks_your_hand')),
    v.peek && v.peek.card && h('p', {}, t('ks_peeked', { card: kindName(v.peek.card) })),
    h('div', { class: 'cards-row' }, cards));
}

function decisionsZone(v, ctx) {
  const placedTypes = new Set(['draw', 'return', 'place', 'give', 'mate_peek', 'say']);
  const rest = ctx.legal.filter((a) => !placedTypes.has(a.type));
  const says = ctx.legal.filter((a) => a.type === 'say');
  const pending = v.pending && v.pending.giver !== undefined ? t('ks_pending_give', { giver: ctx.seatLabel(v.pending.giver), receiver: ctx.seatLabel(v.pending.receiver) }) : null;
  return h('div', {},
    (rest.length > 0 || pending) && section(t('ks_decide'), pending && h('p', {}, pending), h('div', { class: 'action-row' }, rest.map((a) => ctx.actButton(a, describe(a, ctx))))),
    says.length > 0 && h('details', { class: 'zone talk' }, h('summary', {}, t('ks_talk')),
      h('div', { class: 'action-row' }, says.map((a) => ctx.actButton(a, sayText(a), { class: 'say' })))));
}

export default {
  id: 'kushine',
  styles: new URL('./board.css', import.meta.url).href,
  summaryJa: '協力ゲーム。船の士官になって、港でだらけるにゃんこたちを船着き場に集め、4種類全員を乗船させれば出港成功。山札が尽きたり6つに増えたりしたら失敗。手札の中身は「にゃんこ何匹・ネズミ何匹」としか伝えられません。',

  help: HELP,
  // Every seat wins together or nobody does.
  cooperative: true,

  prompt(ctx) {
    const v = ctx.view;
    const mine = ctx.legal.some((a) => a.type !== 'say');
    const officerOf = (s) => officerName(v.seats[s]?.officer);
    const pend = v.pending || {};
    const piles = v.piles.length;
    switch (v.phase) {
      case 'act': {
        if (!mine) return t('ks_p_act_other', { who: ctx.seatLabel(v.actor), officer: officerOf(v.actor), n: v.actions_left });
        const right = (v.you - 1 + v.seats.length) % v.seats.length;
        const types = [...new Set(ctx.legal.map((a) => a.type))].filter((x) => x !== 'say');
        const list = types.map((x) => t(`ks_a_${x}`, { right: ctx.seatLabel(right) })).join(t('list_sep'));
        return t('ks_p_act_you', { officer: officerOf(v.you), n: v.actions_left, list });
      }
      case 'await_give': return mine ? t('ks_p_give_you', { receiver: ctx.seatLabel(pend.receiver) })
        : t('ks_p_give_other', { giver: ctx.seatLabel(pend.giver), receiver: ctx.seatLabel(pend.receiver) });
      case 'await_peek': return mine ? t('ks_p_peek_you', { p: pend.pile, card: kindName(v.peek?.card) })
        : t('ks_p_peek_other', { who: ctx.seatLabel(v.actor), p: pend.pile });
      case 'await_captain': case 'await_doctor': {
        const which = v.phase === 'await_captain' ? 'captain' : 'doctor';
        const args = { who: ctx.seatLabel(v.active), p: pend.pile, n: piles, officer: officerOf(v.actor) };
        return mine ? t(`ks_p_${which}_you`, args) : t(`ks_p_${which}_other`, args);
      }
      case 'await_merge':
        if (!mine) return t('ks_p_merge_other', { who: ctx.seatLabel(v.actor) });
        return ctx.legal.some((a) => a.type === 'skip_merge') ? t('ks_p_merge_you', { n: piles }) : t('ks_p_merge_must', { n: piles });
      default: return '';
    }
  },

  hint(ctx) {
    switch (ctx.view.phase) {
      case 'act': return t('ks_h_act');
      case 'await_give': return t('ks_h_give');
      case 'await_peek': return t('ks_h_peek');
      case 'await_captain': case 'await_doctor': return t('ks_h_cancel');
      case 'await_merge': return t('ks_h_merge');
      default: return '';
    }
  },

  legend() {
    return [
      [`p1 · ${t('ks_pile_size', { n: 10 })}`, t('ks_l_pile')],
      ['3/5', t('ks_l_pier')],
      [t('ks_removed', { m: 0, t: 1, x: 1 }), t('ks_l_removed')],
      [`${t('ks_ability')} / ${t('ks_ability_used')}`, t('ks_l_ability')],
      [t('ks_said', { what: '…' }), t('ks_l_said')],
    ];
  },

  render(ctx) {
    const v = ctx.view;
    return h('div', { class: 'board kushine', 'data-phase': v.phase },
      h('p', { class: 'board-head' }, t('ks_turn', { n: v.turn }), ' · ', t('ks_difficulty', { d: t(`opt_kushine_difficulty_${v.difficulty}`) }),
        v.actor !== null && ` · ${ctx.seatLabel(v.actor)}: ${t('ks_actions_left', { n: v.actions_left })}`),
      h('div', { class: 'ks-main' }, pilesZone(v, ctx), pierZone(v)),
      decisionsZone(v, ctx),
      handZone(v, ctx),
      seatsZone(v, ctx));
  },

  describeAction: describe,

  describeEvent(e, ctx) {
    const who = (s) => ctx.seatLabel(s);
    switch (e.type) {
      case 'start': return t('ks_ev_start', { who: who(e.seat) });
      case 'turn': return t('ks_ev_turn', { who: who(e.seat), n: e.actions });
      case 'draw': case 'mate_take': return t('ks_ev_draw', { who: who(e.seat), p: e.pile }) + (e.card ? ` (${kindName(e.card)})` : '');
      case 'place': case 'boatswain_place': return t('ks_ev_place', { who: who(e.seat), cards: (e.cards || []).map(kindName).join(t('list_sep')) });
      case 'board': return t('ks_ev_board', { card: kindName(e.card) });
      case 'return': return t('ks_ev_return', { who: who(e.seat), p: e.pile }) + (e.card ? ` (${kindName(e.card)})` : '');
      case 'give': return t('ks_ev_give', { who: who(e.seat), to: who(e.to) }) + (e.card ? ` (${kindName(e.card)})` : '');
      case 'tanuki': return t('ks_ev_tanuki', { p: e.pile, n: e.size });
      case 'matatabi': return t('ks_ev_matatabi', { p: e.pile });
      case 'say': return `${who(e.seat)}: 「${sayText(e)}」`;
      case 'receive': return t('ks_ev_receive', { who: who(e.seat), from: who(e.from) });
      case 'exterminate': return t('ks_ev_exterminate', { who: who(e.seat) }) + (e.top ? ` · ${t('ks_merge', { a: e.top, b: e.bottom })}` : '');
      case 'mate_peek': return t('ks_ev_peek', { who: who(e.seat), p: e.pile }) + (e.card ? ` (${kindName(e.card)})` : '');
      case 'mate_bottom': return t('ks_ev_mate_bottom', { who: who(e.seat), p: e.pile });
      case 'merge': return t('ks_ev_merge', { who: who(e.seat), a: e.top, b: e.bottom });
      case 'skip_merge': return t('ks_ev_skip_merge', { who: who(e.seat) });
      case 'captain_cancel': case 'doctor_cancel': return t(`ks_ev_${e.type}`, { who: who(e.seat) });
      case 'game_over': return e.result === 'win' ? t('ks_ev_over_win') : t('ks_ev_over_loss', { reason: t(`reason_kushine_${e.reason}`) });
      default: return `${Number.isInteger(e.seat) ? `${who(e.seat)}: ` : ''}${e.type.replace(/_/g, ' ')}${e.pile ? ` p${e.pile}` : ''}`;
    }
  },

  // Every event this seat saw, in order (for the first card drawn from each starting pile),
  // and the starting pile sizes.
  observe(view, obs, version) {
    if (version === 0) obs.sizes = view.piles.map((p) => p.size);
    obs.events = obs.events || [];
    obs.lastN = obs.lastN || 0;
    for (const e of view.log || []) {
      if (e.n <= obs.lastN) continue;
      obs.lastN = e.n;
      obs.events.push({ type: e.type, pile: e.pile, card: e.card, top: e.top, bottom: e.bottom });
    }
  },

  // kushine.h: (1) with assignment "random", the playing officers in table order shuffled;
  // (2) the 24 nyanko and mice shuffled (8 per pile); (3) the 8 nuisance cards shuffled
  // (2 / 3 / 3); (4) each pile, listed in table order, shuffled, p1 then p2 then p3.
  verifyDeal({ seed, options, obs, view }) {
    const drbg = Drbg.fromHex(seed);
    const checks = [];
    const officers = view.seats.map((s) => s.officer);
    if (options.assignment === 'random') {
      const listed = drbg.shuffle([...officers].sort((a, b) => OFFICER_ORDER.indexOf(a) - OFFICER_ORDER.indexOf(b)));
      checks.push({ label: t('ks_deal_officers'), ok: listed.join() === officers.join() });
    }
    const list = (kinds) => kinds.flatMap((k) => Array.from({ length: k === 'mouse' || k === 'tanuki' || k === 'matatabi' ? 4 : 5 }, () => k));
    const cards = drbg.shuffle(list(['passenger', 'guard', 'sailor', 'cook', 'mouse']));
    const nuisance = drbg.shuffle(list(['tanuki', 'matatabi']));
    const from = [0, 2, 5, 8];
    const byOrder = (a, b) => ORDER.indexOf(a) - ORDER.indexOf(b);
    const piles = [0, 1, 2].map((p) => drbg.shuffle([...cards.slice(8 * p, 8 * p + 8).sort(byOrder), ...nuisance.slice(from[p], from[p + 1]).sort(byOrder)]));
    if (obs.sizes) checks.push({ label: t('ks_deal_piles'), ok: obs.sizes.slice(0, 3).join() === piles.map((p) => p.length).join() });
    // The first event that touches a starting pile: if it is a draw whose card this seat saw,
    // that card was the pile's top.
    for (let p = 1; p <= 3; p++) {
      const first = (obs.events || []).find((e) => e.pile === p || e.top === p || e.bottom === p || e.type === 'tanuki' || e.type === 'merge');
      if (first && (first.type === 'draw' || first.type === 'mate_take') && first.pile === p && first.card) {
        checks.push({ label: t('ks_deal_top', { p }), ok: first.card === piles[p - 1][0] });
      }
    }
    return { ok: checks.length > 0 && checks.every((c) => c.ok), checks };
  },
};
