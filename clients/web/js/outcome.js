// The box that ends a game, on the room page and in the replay viewer: who won, by name, and
// why, in the page's language. A co-operative game (Kushine) is won or lost by the whole crew.
import { h } from './dom.js';
import { t, has } from './i18n.js';

function reasonText(game, reason) {
  const key = `reason_${game}_${reason}`;
  return has(key) ? t(key) : String(reason).replace(/_/g, ' ');
}

export function outcomeBox(board, outcome, ctx) {
  const game = ctx.view.game;
  const winners = (outcome.winners || []).map((w) => ctx.seatLabel(w));
  let headline;
  if (game === 'kushine') headline = winners.length ? t('team_won') : t('team_lost');
  else if (winners.length) headline = t(winners.length > 1 ? 'winners' : 'winner', { who: winners.join(t('list_sep')) });
  else headline = t('no_winner');
  // Every reason the engine lists (Kushine can fail on several counts at once).
  const reasons = Array.isArray(outcome.details?.reasons) && outcome.details.reasons.length ? outcome.details.reasons
    : outcome.reason ? [outcome.reason] : [];
  return h('div', { class: 'outcome', role: 'status', 'data-winners': JSON.stringify(outcome.winners || []) },
    h('h3', {}, t('game_over')),
    h('p', { class: 'winner' }, headline),
    reasons.length > 0 && h('p', { class: 'reason' }, t('reason'), ': ', reasons.map((r) => reasonText(game, r)).join(t('list_sep'))),
    Array.isArray(outcome.scores) && outcome.scores.length > 0 &&
      h('p', {}, t('scores'), ': ', outcome.scores.map((sc, i) => `${ctx.seatLabel(i)} ${sc}`).join(' / ')),
    board.outcomeDetails && board.outcomeDetails(outcome, ctx));
}
