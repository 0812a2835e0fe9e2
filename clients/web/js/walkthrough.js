// The first-game walkthrough: the first three decisions a player makes in a game they have
// not played in this browser carry a one-line hint of what to do (the board's hint for the
// decision). Counted per game and kept in this browser; "got it" ends it for that game.
const KEY = 'nyanhall.walkthrough';
export const WALKTHROUGH_DECISIONS = 3;

function load() {
  try { return JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch { return {}; }
}

function save(all) {
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* private mode */ }
}

export const walkthrough = {
  // True while this game's hints are still to be shown.
  active(game) { return (load()[game] ?? 0) < WALKTHROUGH_DECISIONS; },
  // A decision made: one hint fewer.
  decided(game) {
    const all = load();
    all[game] = Math.min(WALKTHROUGH_DECISIONS, (all[game] ?? 0) + 1);
    save(all);
  },
  dismiss(game) {
    const all = load();
    all[game] = WALKTHROUGH_DECISIONS;
    save(all);
  },
};
