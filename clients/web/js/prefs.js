// The name a player typed, kept in this browser for the next room.
export function savedName() {
  try { return localStorage.getItem('nyanhall.name') || ''; } catch { return ''; }
}

export function saveName(name) {
  try { localStorage.setItem('nyanhall.name', name); } catch { /* private mode */ }
}
