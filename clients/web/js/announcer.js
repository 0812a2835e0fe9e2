// The screen reader's running commentary: moves, whose turn it is and how a game ended, said
// through one polite live region (#announcer in index.html) as they happen. Each message is
// a new line of the region, so that a reader says it once; the oldest lines are dropped.
const KEEP = 12;

export function announce(text) {
  const region = document.getElementById('announcer');
  if (!region || !text) return;
  const line = document.createElement('p');
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > KEEP) region.firstElementChild.remove();
}
