// The board of each game, found by the game's id: js/games/<id>/board.js, with its styles
// beside it. Nothing here lists the games: a game the server offers without a board of its
// own gets the generic one (the import of its board fails, once, and is remembered).
import { h } from './dom.js';
import generic from './games/generic.js';

const boards = new Map();   // id -> board, once loaded
const loading = new Map();  // id -> promise of the board

// An id as the catalog writes it; anything else is never turned into a path.
const plainId = (id) => typeof id === 'string' && /^[a-z][a-z0-9_]{0,40}$/.test(id);

// The board's own styles, as a <link> in the head, once per board (resolves when they apply,
// so that a board is never drawn unstyled).
function addStyles(board) {
  if (!board.styles || document.querySelector(`link[data-board="${board.id}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = h('link', { rel: 'stylesheet', href: board.styles, 'data-board': board.id });
    link.addEventListener('load', resolve);
    link.addEventListener('error', resolve);
    document.head.append(link);
  });
}

export function loadBoard(id) {
  if (!plainId(id)) return Promise.resolve(generic);
  if (!loading.has(id)) {
    loading.set(id, import(`./games/${id}/board.js`).then(async (m) => {
      const board = m.default;
      boards.set(id, board);
      if (typeof document !== 'undefined') await addStyles(board);
      return board;
    }, () => generic));
  }
  return loading.get(id);
}

export function loadBoards(ids) {
  return Promise.all(ids.map(loadBoard));
}

// The board of a game already loaded (loadBoard), else the generic one.
export function boardFor(game) {
  return boards.get(game) || generic;
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
