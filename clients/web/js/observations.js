// What a seat saw that the deal check needs, kept in this browser per room, game and seat, so
// that a reload in the middle of a game loses none of it.
export const observations = {
  key: (room, gameNo, seat) => `nyanhall.obs.${room}.${gameNo}.${seat ?? 'spectator'}`,
  load(room, gameNo, seat) {
    try { return JSON.parse(localStorage.getItem(this.key(room, gameNo, seat)) || '{}'); } catch { return {}; }
  },
  save(room, gameNo, seat, obs) {
    try { localStorage.setItem(this.key(room, gameNo, seat), JSON.stringify(obs)); } catch { /* full */ }
  },
};
