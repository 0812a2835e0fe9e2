// The board of each game, by game id. A game without its own board gets the generic one.
import generic from './games/generic.js';
import oikake from './games/oikake.js';

const boards = new Map([[oikake.id, oikake]]);

export function boardFor(game) {
  return boards.get(game) || generic;
}

export function registerBoard(board) {
  boards.set(board.id, board);
}
