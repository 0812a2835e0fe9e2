// The board of each game, by game id. A game without its own board gets the generic one.
import { h } from './dom.js';
import generic from './games/generic.js';
import oikake from './games/oikake.js';
import daihugo from './games/daihugo.js';
import hinode from './games/hinode.js';
import doublehunt from './games/doublehunt.js';
import kushine from './games/kushine.js';

const boards = new Map([oikake, daihugo, hinode, doublehunt, kushine].map((b) => [b.id, b]));

export function boardFor(game) {
  return boards.get(game) || generic;
}

export function registerBoard(board) {
  boards.set(board.id, board);
}

// The board drawn for `ctx`; a board that throws shows its error instead of the page failing.
export function drawBoard(board, ctx) {
  try {
    return board.render(ctx);
  } catch (e) {
    console.error(e);
    return h('pre', { class: 'error' }, String(e.stack || e));
  }
}
