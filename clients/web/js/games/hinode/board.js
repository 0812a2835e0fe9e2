// Hinode Yokocho: the area map with every marker, the trick (battle, supporters, occupiers),
// each tribe's VP, supply, skills and hand size, your hand. A card is played by clicking it
// (then choosing boost / recall when the skills allow); supporting is a click on a fighter,
// occupying a click on an area of the map; the keep is a click on a hand card.
import { h } from '../../dom.js';
import { t, tr, addStrings } from '../../i18n.js';
import { Drbg } from '../../drbg.js';
import { section, seatTag, othersToAct } from '../cards.js';
import { tip } from '../../tips.js';
import HELP from './help.js';

const TRIBES = {
  karasu_tengu: ['烏天狗', 'Karasu-tengu'], kappa: ['河童', 'Kappa'], inugami: ['狗神', 'Inugami'], oni: ['鬼族', 'Oni'],
};
const SUITS = { R: ['赤', 'red'], G: ['緑', 'green'], B: ['青', 'blue'] };

addStrings({
  ja: {
    hn_the_suit: 'その色',
    hn_p_lead: 'あなたがトリック{n}の親です: 英雄以外の好きなカードを出します。そのスート(色)がリードになります。',
    hn_p_follow: 'リードは{suit}。あなたは{suit}を持っているので、そのどれかを出します。',
    hn_p_void: 'リードは{suit}ですが、あなたは{suit}のカードを持っていません。好きなカードを出します(リードと違う色はエリアの占領だけ)。',
    hn_p_void_hero: ' まだ使っていない英雄(12)も出せます。',
    hn_p_skills: ' {suit}のエリアにあなたのマーカーが{k}個あるので、数字＋や回収も選べます。',
    hn_p_play_other: '{who}がトリック{n}にカードを出します(リード: {suit})。',
    hn_p_lead_other: '{who}がトリック{n}の親として最初のカードを出します。',
    hn_p_judge: '戦い: {b1} 対 {b2}。あなたはどちらかを支援する(勝った側の支援者は自分のカードの数字ぶん得点)か、{suit}のエリアを占領します。',
    hn_p_judge_occupy: 'リードと違う色を出したので、あなたは{suit}のエリアを1つ選んで占領します。',
    hn_p_judge_support: '空いた場所がないので、あなたは{b1}か{b2}のどちらかを支援します。',
    hn_p_judge_other: '{who}が支援するか占領するかを決めています。',
    hn_p_keep: 'ラウンド{r}が終わりました: 次のラウンドに持ち越すカードを1枚選ぶか、持ち越しません(全員同時・非公開)。',
    hn_p_keep_wait: 'あなたは持ち越しを決めました。{who}を待っています。',
    hn_h_play: '手札のカードを押して出します。選択肢があるときは下にボタンが出ます。',
    hn_h_judge: '支援する戦士のボタンか、光っているエリアを押します。',
    hn_h_keep: '持ち越すカードを押すか、「持ち越さない」を押します。',
    hn_l_ev: 'カード右上の数字: そのトリックでの強さ(数字＋を使うと+1、英雄は12)',
    hn_l_boost: '+: 数字＋のスキルを使った(+1)。↺: 回収のスキルを使った(トリックのあとで手札に戻る)',
    hn_l_k: 'マーカー 赤/緑/青: 各色のエリアにあるマーカーの数。リードの色で1個以上なら+1点、2個以上で数字＋、3個以上で回収',
    hn_l_hero: '英雄あり/使用済み: 1ゲーム1回の英雄カード(12)',
    hn_l_sites: 'エリアの丸数字: 場所の番号。占領は小さい番号から。色が占領したプレイヤー',
    hn_l_supply: 'マーカー残り: まだ置けるマーカーの数',
    hn_l_vp: 'VP: 得点',
    hn_k_tip: '赤・緑・青のエリアにあるマーカーの数(スキルの強さ)',
    hn_ev_tip: 'このトリックでの強さ',
    hn_next_to: '隣: {list}',
    opt_hinode_map_hinode6: '標準(6エリア・各スート2つ)', opt_hinode_map_triad: 'トライアド(3エリア)',
    opt_hinode_tribes_default: '標準(席順に からす天狗・河童・犬神・鬼)', opt_hinode_skills_default: '標準のスキル表',
    opt_hinode_players: '人数', opt_hinode_tribes: '種族', opt_hinode_first_player: '最初の親', opt_hinode_first_player_random: 'ランダム(シードから)',
    opt_hinode_map: 'マップ', opt_hinode_skills: 'スキル表', opt_hinode_offsuit_area: 'フォローしない人の占領先',
    opt_hinode_offsuit_area_lead: 'リードのスート', opt_hinode_offsuit_area_played: '出したカードのスート',
    hn_map: 'エリアマップ', hn_sites: '{n}か所', hn_trick: 'トリック {n}', hn_lead: 'リード: {suit}', hn_fighters: '戦い: {a} 対 {b}',
    hn_vp: '{n} VP', hn_supply: 'マーカー残り {n}', hn_hand_count: '手札 {n}枚', hn_hero_used: '英雄使用済み', hn_hero_ready: '英雄あり',
    hn_your_hand: 'あなたの手札', hn_play_prompt: '出すカードを選んでください', hn_boost: '数字＋を使う', hn_recall: '回収する',
    hn_plain: 'そのまま出す', hn_boost_recall: '数字＋と回収', hn_support: '{who}を支援', hn_occupy: '{area}を占領',
    hn_judge_prompt: '支援する戦士か、占領するエリアを選んでください', hn_keep_prompt: '全員が次のラウンドに持ち越すカードを1枚選ぶか、持ち越しません',
    hn_keep_none: '持ち越さない', hn_keep: '{card}を持ち越す', hn_last: '前のトリック', hn_strength: '強さ {a} 対 {b}',
    hn_undealt: '配られなかったカード {n}枚', hn_k: 'マーカー {R}/{G}/{B}', hn_keep_state_waiting: '持ち越し選択中', hn_keep_state_chosen: '選択済み',
    hn_ev_deal: 'ラウンド{r}の配札({who}が親)', hn_ev_play: '{who}が{card}を出しました', hn_ev_battle: '戦い: {a} 対 {b}',
    hn_ev_support: '{who}が{side}を支援', hn_ev_occupy: '{who}が{area}を占領', hn_ev_pass: '{who}はパス', hn_ev_resolve: '決着: {who}の勝ち',
    hn_ev_resolve_none: '決着', hn_ev_round_end: 'ラウンド{r}終了', hn_ev_keep_chosen: '{who}が持ち越しを決めました', hn_ev_keep: '持ち越しが決まりました',
    hn_ev_over: 'ゲーム終了', reason_hinode_vp: '得点', reason_hinode_markers: '得点同点・マーカー数', reason_hinode_draw: '引き分け', reason_hinode_forfeit: '棄権',
    hn_deal_round: 'ラウンド{r}の配札(あなたの手札と配られなかったカード)', hn_deal_leader: '最初の親(席{n})',
  },
  en: {
    hn_the_suit: 'that suit',
    hn_p_lead: 'You lead trick {n}: you play any area card (not your hero); its suit becomes the lead suit.',
    hn_p_follow: 'The lead is {suit} and you hold {suit} cards, so you play one of them.',
    hn_p_void: 'The lead is {suit} and you hold no {suit} card, so you play any card (an off-suit card may only occupy).',
    hn_p_void_hero: ' Your unused hero (12) may be played too.',
    hn_p_skills: ' With {k} of your markers on {suit} areas you may add value + or recall.',
    hn_p_play_other: '{who} plays a card to trick {n} (lead: {suit}).',
    hn_p_lead_other: '{who} leads trick {n}.',
    hn_p_judge: 'Battle: {b1} against {b2}. You support one fighter (supporters of the winning side score their card\'s value) or occupy a site of a {suit} area.',
    hn_p_judge_occupy: 'You played off-suit, so you occupy a site of a {suit} area.',
    hn_p_judge_support: 'No site is free, so you support {b1} or {b2}.',
    hn_p_judge_other: '{who} decides whether to support a fighter or occupy an area.',
    hn_p_keep: 'Round {r} is over: you keep one card of your hand for the next round, or none (everyone at once, in secret).',
    hn_p_keep_wait: 'You have chosen your keep. Waiting for {who}.',
    hn_h_play: 'Press a card in your hand to play it; when it has options, their buttons appear below.',
    hn_h_judge: 'Press the button of the fighter you support, or a highlighted area to occupy it.',
    hn_h_keep: 'Press the card you keep, or "Keep nothing".',
    hn_l_ev: 'The number on a played card\'s corner: its strength in this trick (value + adds 1, a hero is 12)',
    hn_l_boost: '+: played with value + (one more). ↺: played with recall (the card returns to its hand after the trick)',
    hn_l_k: 'markers red/green/blue: the player\'s markers on areas of each suit. In the lead suit, 1 or more scores +1 VP a trick, 2 allow value +, 3 allow recall',
    hn_l_hero: 'hero ready / used: the once-a-game hero card (12)',
    hn_l_sites: "An area's numbered circles: its sites, taken from the lowest; the colour is the player",
    hn_l_supply: 'markers left: markers the player can still place',
    hn_l_vp: 'VP: victory points',
    hn_k_tip: 'Markers on red, green and blue areas (what unlocks skills)',
    hn_ev_tip: 'Its strength in this trick',
    hn_next_to: 'next to {list}',
    opt_hinode_map_hinode6: 'standard (6 areas, 2 per suit)', opt_hinode_map_triad: 'triad (3 areas)',
    opt_hinode_tribes_default: 'standard (karasu tengu, kappa, inugami, oni by seat)', opt_hinode_skills_default: 'the standard skill table',
    opt_hinode_players: 'Players', opt_hinode_tribes: 'Tribes', opt_hinode_first_player: 'First leader', opt_hinode_first_player_random: 'random (from the seed)',
    opt_hinode_map: 'Map', opt_hinode_skills: 'Skill table', opt_hinode_offsuit_area: 'Off-suit players occupy',
    opt_hinode_offsuit_area_lead: 'the lead suit', opt_hinode_offsuit_area_played: 'the suit they played',
    hn_map: 'Area map', hn_sites: '{n} sites', hn_sites_one: '1 site', hn_trick: 'Trick {n}', hn_lead: 'Lead: {suit}', hn_fighters: 'Battle: {a} vs {b}',
    hn_vp: '{n} VP', hn_supply: '{n} markers left', hn_supply_one: '1 marker left', hn_hand_count: '{n} in hand', hn_hero_used: 'hero used', hn_hero_ready: 'hero ready',
    hn_your_hand: 'Your hand', hn_play_prompt: 'Pick a card to play', hn_boost: 'with value +', hn_recall: 'with recall',
    hn_plain: 'play it plain', hn_boost_recall: 'with value + and recall', hn_support: 'Support {who}', hn_occupy: 'Occupy {area}',
    hn_judge_prompt: 'Support a fighter or occupy an area', hn_keep_prompt: 'Everyone chooses a card to keep for the next round, or none',
    hn_keep_none: 'Keep nothing', hn_keep: 'Keep {card}', hn_last: 'Last trick', hn_strength: 'strength {a} vs {b}',
    hn_undealt: '{n} cards not dealt', hn_undealt_one: '1 card not dealt', hn_k: 'markers {R}/{G}/{B}', hn_keep_state_waiting: 'choosing a keep', hn_keep_state_chosen: 'keep chosen',
    hn_ev_deal: 'Round {r} dealt ({who} leads)', hn_ev_play: '{who} played {card}', hn_ev_battle: 'Battle: {a} vs {b}',
    hn_ev_support: '{who} supports {side}', hn_ev_occupy: '{who} occupied {area}', hn_ev_pass: '{who} passed', hn_ev_resolve: 'Resolved: {who} wins',
    hn_ev_resolve_none: 'Resolved', hn_ev_round_end: 'Round {r} over', hn_ev_keep_chosen: '{who} chose a keep', hn_ev_keep: 'Keeps decided',
    hn_ev_over: 'Game over', reason_hinode_vp: 'most VP', reason_hinode_markers: 'VP tie, markers on the map', reason_hinode_draw: 'a draw', reason_hinode_forfeit: 'a player forfeited',
    hn_deal_round: 'round {r} deal (your hand and the undealt cards)', hn_deal_leader: 'first leader (seat {n})',
  },
});

const tribeName = (id) => (TRIBES[id] ? tr(...TRIBES[id]) : id);
function cardLabel(id) {
  if (!id) return '?';
  if (id.startsWith('hero_')) return `${tr('英雄', 'Hero')}(${tribeName(id.slice(5))})`;
  const [ja, en] = SUITS[id[0]] || [id[0], id[0]];
  return tr(`${ja}${id.slice(1)}`, `${en} ${id.slice(1)}`);
}

function card(id, attrs = {}, extra = null) {
  const hero = id.startsWith('hero_');
  return h(attrs.tag || 'div', { ...attrs, tag: undefined, class: ['card', 'hn', hero ? 's-hero' : `s-${id[0]}`, attrs.class || ''], 'data-kind': id },
    h('span', { class: 'big' }, hero ? '12' : id.slice(1)),
    h('span', { class: 'card-name' }, hero ? tr('英雄', 'Hero') : tr(...SUITS[id[0]])), extra);
}

// The connections between areas (end scoring counts connected areas): lines between the
// boxes, drawn under them in the gaps, and each box lists its neighbours in words. Two areas
// of one row that are not side by side are joined by an arc above the row.
function mapLinks(v) {
  const rows = v.map.layout.length, cols = Math.max(...v.map.layout.map((r) => r.length));
  const at = {};
  v.map.layout.forEach((row, r) => row.forEach((id, c) => { at[id] = { r, c }; }));
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'hn-links');
  svg.setAttribute('viewBox', `0 0 ${cols * 100} ${rows * 100}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  for (const [a, b] of v.map.edges || []) {
    const p = at[a], q = at[b];
    if (!p || !q) continue;
    const x1 = p.c * 100 + 50, y1 = p.r * 100 + 50, x2 = q.c * 100 + 50, y2 = q.r * 100 + 50;
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    const far = Math.abs(p.r - q.r) + Math.abs(p.c - q.c) > 1;
    path.setAttribute('d', far && p.r === q.r ? `M${x1} ${y1 - 40} Q${(x1 + x2) / 2} ${y1 - 110} ${x2} ${y2 - 40}` : `M${x1} ${y1} L${x2} ${y2}`);
    path.setAttribute('vector-effect', 'non-scaling-stroke');
    svg.append(path);
  }
  return svg;
}

function neighbours(v, id) {
  return (v.map.edges || []).filter((e) => e.includes(id)).map((e) => (e[0] === id ? e[1] : e[0]));
}

function mapZone(v, ctx) {
  const occupy = ctx.legal.filter((a) => a.type === 'occupy');
  const byId = Object.fromEntries(v.map.areas.map((a) => [a.id, a]));
  return section(t('hn_map'), h('div', { class: 'hn-map', style: { gridTemplateColumns: `repeat(${Math.max(...v.map.layout.map((r) => r.length))}, 1fr)` } },
    mapLinks(v),
    v.map.layout.flat().map((id) => {
      const a = byId[id];
      const sites = [];
      for (let i = 0; i < a.sites; i++) {
        const who = (a.occupants || [])[i];
        sites.push(h('span', { class: ['site', who === undefined ? 'free' : `seat${who}`], 'data-flip': who === undefined ? null : `site-${id}-${i}`,
          title: who === undefined ? '' : ctx.seatLabel(who) }, String(i + 1)));
      }
      const act = occupy.find((x) => x.area === id);
      const body = [h('span', { class: 'area-name' }, `${id} ${tr(...SUITS[a.suit])}`), h('span', { class: 'sites' }, sites),
        h('span', { class: 'area-links' }, t('hn_next_to', { list: neighbours(v, id).join(t('list_sep')) }))];
      return act ? ctx.actButton(act, body, { class: `area s-${a.suit}`, 'aria-label': t('hn_occupy', { area: id }), 'data-watch': `area-${id}`, 'data-val': JSON.stringify(a.occupants) })
        : h('div', { class: `area s-${a.suit}`, 'data-watch': `area-${id}`, 'data-val': JSON.stringify(a.occupants) }, body);
    })));
}

function playersZone(v, ctx) {
  return h('div', { class: 'seat-panels' }, v.players.map((p) => h('section', {
    class: ['panel', p.seat === v.you ? 'mine' : '', (v.to_act || []).includes(p.seat) ? 'acting' : ''], 'data-seat': p.seat },
  h('h4', {}, seatTag(ctx, p.seat), ' ', h('span', { class: 'muted' }, tribeName(p.tribe))),
  h('p', { class: 'stats' }, h('strong', { 'data-watch': `vp-${p.seat}`, 'data-val': String(p.vp) }, t('hn_vp', { n: p.vp })), ' · ',
    t('hn_supply', { n: p.supply }), ' · ', h('span', { 'data-watch': `hc-${p.seat}` }, t('hn_hand_count', { n: p.hand_count }))),
  h('p', { class: 'stats muted' }, p.hero_used ? t('hn_hero_used') : t('hn_hero_ready'), ' · ', h('span', tip(t('hn_k_tip')), t('hn_k', p.k)),
    p.keep && ` · ${p.keep === 'waiting' ? t('hn_keep_state_waiting') : p.keep === 'chosen' ? t('hn_keep_state_chosen') : p.keep}`),
  p.seat !== v.you && Array.isArray(p.hand) && h('div', { class: 'cards-row small-cards', 'data-zone': `hand-${p.seat}` }, p.hand.map((c) => card(c))))));
}

// One trick: its plays (each card with its strength), the battle and the judgments.
function trickSection(v, ctx, trick, last) {
  const supports = last ? [] : ctx.legal.filter((a) => a.type === 'support');
  const fighter = (seat) => {
    if (seat === null || seat === undefined) return '—';
    const act = supports.find((a) => a.side === seat);
    return act ? ctx.actButton(act, t('hn_support', { who: ctx.seatLabel(seat) })) : seatTag(ctx, seat);
  };
  return section(last ? t('hn_last') : t('hn_trick', { n: trick.number }),
    trick.lead && h('p', {}, t('hn_lead', { suit: tr(...SUITS[trick.lead]) })),
    h('div', { class: 'cards-row' }, trick.plays.map((p) => h('figure', { class: 'played', 'data-flip': last ? null : `played-${p.seat}` },
      card(p.card, {}, p.ev !== undefined ? h('span', { class: 'count', title: t('hn_ev_tip') }, String(p.ev)) : null),
      h('figcaption', {}, seatTag(ctx, p.seat), p.boost ? ' +' : '', p.recall ? ' ↺' : '')))),
    (trick.b1 !== null && trick.b1 !== undefined) && h('p', { class: 'fighters' }, tr('戦い:', 'Battle:'), fighter(trick.b1), '⚔', fighter(trick.b2)),
    last && Array.isArray(trick.strength) && h('p', { class: 'muted' }, t('hn_strength', { a: trick.strength[0], b: trick.strength[1] })),
    h('ul', { class: 'plain' }, trick.judgments.map((j) => h('li', {}, seatTag(ctx, j.seat), ' ',
      j.choice === 'support' ? t('hn_ev_support', { who: '', side: ctx.seatLabel(j.side) }) : j.choice === 'occupy' ? t('hn_ev_occupy', { who: '', area: `${j.area}.${j.site}` }) : t('hn_ev_pass', { who: '' })))));
}

// The trick under way, and the one just finished until the new one has all its cards: a
// finished trick does not vanish before its players have seen how it ended.
function trickZone(v, ctx) {
  const parts = [];
  if (v.trick) parts.push(trickSection(v, ctx, v.trick, false));
  const n = v.players.length;
  if (v.last_trick && (!v.trick || v.trick.plays.length < n)) parts.push(trickSection(v, ctx, v.last_trick, true));
  return parts.length ? h('div', { class: 'hn-tricks' }, parts) : null;
}

function handZone(v, ctx) {
  const me = v.players[v.you];
  if (!me || !Array.isArray(me.hand)) return null;
  const plays = ctx.legal.filter((a) => a.type === 'play');
  const keeps = ctx.legal.filter((a) => a.type === 'keep');
  const chosen = ctx.pick.card;
  const hand = [...me.hand];
  if (!me.hero_used && plays.some((a) => a.card.startsWith('hero_')) && !hand.includes(me.hero)) hand.push(me.hero);
  const cards = hand.map((c) => {
    const face = (attrs = {}) => card(c, { tag: 'span', 'data-flip': `card-${c}`, ...attrs });
    const mine = plays.filter((a) => a.card === c);
    const keep = keeps.find((a) => a.card === c);
    if (keep) return ctx.actButton(keep, face(), { class: 'card-button', 'aria-label': t('hn_keep', { card: cardLabel(c) }) });
    if (mine.length === 1) return ctx.actButton(mine[0], face(), { class: 'card-button', 'aria-label': cardLabel(c) });
    if (mine.length > 1) return ctx.pickButton(face({ class: chosen === c ? 'selected' : '' }), chosen === c ? {} : { card: c }, { class: 'card-button', 'aria-label': cardLabel(c) });
    return face();
  });
  const variants = plays.filter((a) => a.card === chosen);
  const label = (a) => (a.boost && a.recall ? t('hn_boost_recall') : a.boost ? t('hn_boost') : a.recall ? t('hn_recall') : t('hn_plain'));
  const none = keeps.find((a) => a.card === null);
  if (plays.length) ctx.cover(plays);
  return h('section', { class: 'zone', 'data-zone': 'my-hand' }, h('h4', {}, t('hn_your_hand')),
    h('div', { class: 'cards-row' }, cards),
    variants.length > 1 && h('div', { class: 'action-row' }, variants.map((a) => ctx.actButton(a, `${cardLabel(a.card)}: ${label(a)}`))),
    none && ctx.actButton(none, t('hn_keep_none')));
}

export default {
  id: 'hinode',
  styles: new URL('./board.css', import.meta.url).href,
  // The named presets of the map-like options (the option form offers them before JSON).
  optionPresets: { map: ['hinode6', 'triad'] },
  summaryJa: '種族を率いて磐座(いわくら)を奪い合うトリックテイキング。リードのスートで強い2枚が戦い、他の人は支援するかエリアを占領します。3ラウンドでいちばん得点の高い人の勝ち。',

  help: HELP,

  prompt(ctx) {
    const v = ctx.view;
    const mine = ctx.legal.length > 0;
    const trick = v.trick;
    const suit = (x) => (x ? tr(...SUITS[x]) : '');
    if (v.phase === 'round_end_keep') {
      if (mine) return t('hn_p_keep', { r: v.round });
      return Number.isInteger(v.you) ? t('hn_p_keep_wait', { who: othersToAct(ctx) }) : t('hn_keep_prompt');
    }
    if (!trick) return '';
    if (v.phase === 'play') {
      const lead = trick.plays.length ? trick.lead : null;
      if (!mine) {
        const who = ctx.seatLabel((v.to_act || [])[0]);
        return lead ? t('hn_p_play_other', { who, n: trick.number, suit: suit(lead) }) : t('hn_p_lead_other', { who, n: trick.number });
      }
      const plays = ctx.legal.filter((a) => a.type === 'play');
      const skills = plays.some((a) => a.boost || a.recall);
      const me = v.players[v.you];
      const k = lead && me?.k ? me.k[lead] : 0;
      if (!lead) return t('hn_p_lead', { n: trick.number }) + (skills ? t('hn_p_skills', { k: '1+', suit: t('hn_the_suit') }) : '');
      const follows = plays.some((a) => a.card[0] === lead);
      const hero = plays.some((a) => a.card.startsWith('hero_'));
      return (follows ? t('hn_p_follow', { suit: suit(lead) }) : t('hn_p_void', { suit: suit(lead) }) + (hero ? t('hn_p_void_hero') : ''))
        + (skills ? t('hn_p_skills', { k, suit: suit(lead) }) : '');
    }
    if (v.phase === 'judgment') {
      if (!mine) return t('hn_p_judge_other', { who: ctx.seatLabel((v.to_act || [])[0]) });
      const canSupport = ctx.legal.some((a) => a.type === 'support');
      const canOccupy = ctx.legal.some((a) => a.type === 'occupy');
      const args = { b1: ctx.seatLabel(trick.b1), b2: trick.b2 === null ? '—' : ctx.seatLabel(trick.b2), suit: suit(trick.lead) };
      if (canSupport && canOccupy) return t('hn_p_judge', args);
      return canSupport ? t('hn_p_judge_support', args) : t('hn_p_judge_occupy', args);
    }
    return '';
  },

  hint(ctx) {
    const phase = ctx.view.phase;
    return phase === 'play' ? t('hn_h_play') : phase === 'judgment' ? t('hn_h_judge') : phase === 'round_end_keep' ? t('hn_h_keep') : '';
  },

  legend() {
    return [
      [card('R5', { class: 'tiny-sample' }, h('span', { class: 'count' }, '6')), t('hn_l_ev')],
      ['+ ↺', t('hn_l_boost')],
      [t('hn_k', { R: 1, G: 0, B: 2 }), t('hn_l_k')],
      [`${t('hn_hero_ready')} / ${t('hn_hero_used')}`, t('hn_l_hero')],
      [h('span', { class: 'sites' }, h('span', { class: 'site seat1' }, '1'), h('span', { class: 'site free' }, '2')), t('hn_l_sites')],
      [t('hn_supply', { n: 6 }), t('hn_l_supply')],
      [t('hn_vp', { n: 12 }), t('hn_l_vp')],
    ];
  },

  render(ctx) {
    const v = ctx.view;
    return h('div', { class: 'board hinode', 'data-phase': v.phase },
      h('p', { class: 'board-head' }, t('round', { n: v.round }), ' / ', v.rounds, ' · ', t('hn_undealt', { n: v.undealt_count })),
      playersZone(v, ctx),
      h('div', { class: 'hn-middle' }, mapZone(v, ctx), trickZone(v, ctx)),
      handZone(v, ctx));
  },

  describeAction(a, ctx) {
    switch (a.type) {
      case 'play': return cardLabel(a.card) + (a.boost ? ` (${t('hn_boost')})` : '') + (a.recall ? ` (${t('hn_recall')})` : '');
      case 'support': return t('hn_support', { who: ctx ? ctx.seatLabel(a.side) : a.side });
      case 'occupy': return t('hn_occupy', { area: a.area });
      case 'keep': return a.card ? t('hn_keep', { card: cardLabel(a.card) }) : t('hn_keep_none');
      default: return a.type;
    }
  },

  describeEvent(e, ctx) {
    const who = (s) => ctx.seatLabel(s);
    switch (e.type) {
      case 'deal': return t('hn_ev_deal', { r: e.round, who: who(e.leader) });
      case 'play': return t('hn_ev_play', { who: who(e.seat), card: cardLabel(e.card) }) + (e.boost ? ' +' : '') + (e.recall ? ' ↺' : '');
      case 'battle': return t('hn_ev_battle', { a: who(e.b1), b: e.b2 === null ? '—' : who(e.b2) });
      case 'judgment':
      case 'judge':
        return e.choice === 'support' ? t('hn_ev_support', { who: who(e.seat), side: who(e.side) })
          : e.choice === 'occupy' ? t('hn_ev_occupy', { who: who(e.seat), area: `${e.area}.${e.site}` }) : t('hn_ev_pass', { who: who(e.seat) });
      case 'resolve': return e.winner === null ? t('hn_ev_resolve_none') : t('hn_ev_resolve', { who: who(e.winner) });
      case 'round_end': return t('hn_ev_round_end', { r: e.round });
      case 'keep_chosen': return t('hn_ev_keep_chosen', { who: who(e.seat) }) + (e.card !== undefined ? ` (${e.card ? cardLabel(e.card) : t('hn_keep_none')})` : '');
      case 'keep': return t('hn_ev_keep');
      case 'game_over': return t('hn_ev_over');
      default: return e.choice ? `${who(e.seat)}: ${e.choice}` : null;
    }
  },

  // Each round's deal as this seat saw it, and who led it.
  observe(view, obs) {
    obs.leaders = obs.leaders || {};
    for (const e of view.log || []) if (e.type === 'deal') obs.leaders[e.round] = e.leader;
    const last = Array.isArray(view.log) && view.log.length ? view.log[view.log.length - 1] : null;
    if (!last || last.type !== 'deal' || last.round !== view.round) return;
    obs.hands = obs.hands || {};
    if (Number.isInteger(view.you) && !obs.hands[view.round]) obs.hands[view.round] = view.players[view.you].hand;
  },

  // hinode.h: (1) uniform(N) for the first leader when first_player is "random"; (2) per
  // round, a shuffle of the game's cards R1..R11, G1..G11, B1..B11 (less the removed ones and
  // the cards carried over, which the keep openings name at the end), dealt one at a time
  // clockwise from the leader, skipping full hands (8 cards).
  verifyDeal({ seed, options, obs, view, opened }) {
    const drbg = Drbg.fromHex(seed);
    const n = view.players.length;
    const checks = [];
    const first = Number.isInteger(options.first_player) ? options.first_player : drbg.uniform(n);
    checks.push({ label: t('hn_deal_leader', { n: first }), ok: first === view.first_leader });
    const removed = new Set(view.removed);
    const all = [];
    for (const s of ['R', 'G', 'B']) for (let i = 1; i <= 11; i++) if (!removed.has(`${s}${i}`)) all.push(`${s}${i}`);
    const byValue = (a, b) => all.indexOf(a) - all.indexOf(b);
    for (let r = 1; r <= view.rounds; r++) {
      const carried = Array.from({ length: n }, (_, s) => {
        const v = r > 1 && opened ? opened.get(`r${r - 1}.keep.s${s}`) : undefined;
        return typeof v === 'string' && v !== 'none' ? [v] : [];
      });
      if (r > 1 && !opened) break;
      const cards = drbg.shuffle(all.filter((c) => !carried.flat().includes(c)));
      const leader = obs.leaders && obs.leaders[r] !== undefined ? obs.leaders[r] : (r === 1 ? first : null);
      if (leader === null) break;
      const hands = carried.map((c) => [...c]);
      let next = 0;
      for (let s = leader; hands.some((x) => x.length < 8); s = (s + 1) % n) if (hands[s].length < 8) hands[s].push(cards[next++]);
      const undealt = cards.slice(next);
      const seenHand = obs.hands && obs.hands[r];
      const seenUndealt = Array.isArray(view.undealt) ? view.undealt[r - 1] : null;
      const same = (a, b) => [...a].sort(byValue).join(' ') === [...b].sort(byValue).join(' ');
      let ok = true;
      if (seenHand && Number.isInteger(view.you)) ok = ok && same(seenHand, hands[view.you]);
      if (seenUndealt) ok = ok && same(seenUndealt, undealt);
      if (seenHand || seenUndealt) checks.push({ label: t('hn_deal_round', { r }), ok });
    }
    return { ok: checks.every((c) => c.ok), checks };
  },
};
