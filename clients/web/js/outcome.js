// How a game ended, on the room page and in the replay viewer: who won, by name, and why, in
// the page's language. A co-operative game (all seats win or none, as Kushine) is won or lost
// by the whole crew; a forfeit names the seat whose clock ran out, whoever reads it.
import { h } from './dom.js';
import { t, has } from './i18n.js';

function reasonText(game, reason, outcome, ctx) {
  const by = outcome.details?.forfeit;
  if (reason === 'forfeit' && Number.isInteger(by)) return t('reason_forfeit_by', { who: ctx.seatLabel(by) });
  const key = `reason_${game}_${reason}`;
  return has(key) ? t(key) : String(reason).replace(/_/g, ' ');
}

function reasonsOf(outcome) {
  // Every reason the engine lists (Kushine can fail on several counts at once).
  return Array.isArray(outcome.details?.reasons) && outcome.details.reasons.length ? outcome.details.reasons
    : outcome.reason ? [outcome.reason] : [];
}

// True for a game that every seat wins together or nobody does.
const cooperative = (board) => !!board.cooperative;

function headline(board, outcome, ctx) {
  const winners = (outcome.winners || []).map((w) => ctx.seatLabel(w));
  if (cooperative(board)) return winners.length ? t('team_won') : t('team_lost');
  if (winners.length) return t(winners.length > 1 ? 'winners' : 'winner', { who: winners.join(t('list_sep')) });
  return t('no_winner');
}

// One sentence: "Game over: Aki wins (caught the other cat)".
export function outcomeText(board, outcome, ctx, game) {
  if (!outcome) return '';
  const reasons = reasonsOf(outcome).map((r) => reasonText(game, r, outcome, ctx));
  return t('outcome_line', { who: headline(board, outcome, ctx), why: reasons.join(t('list_sep')) || '—' });
}

export function outcomeBox(board, outcome, ctx) {
  const game = ctx.view.game;
  const reasons = reasonsOf(outcome);
  return h('div', { class: 'outcome', 'data-winners': JSON.stringify(outcome.winners || []) },
    h('p', { class: 'winner' }, headline(board, outcome, ctx)),
    reasons.length > 0 && h('p', { class: 'reason' }, t('reason'), ': ', reasons.map((r) => reasonText(game, r, outcome, ctx)).join(t('list_sep'))),
    Array.isArray(outcome.scores) && outcome.scores.length > 0 &&
      h('p', {}, t('scores'), ': ', outcome.scores.map((sc, i) => `${ctx.seatLabel(i)} ${sc}`).join(' / ')),
    board.outcomeDetails && board.outcomeDetails(outcome, ctx));
}
