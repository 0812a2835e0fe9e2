// Tooltips that also work by tap: a mark, badge or number with data-tip shows its meaning in a
// small bubble on a tap or click (a phone has no hover) and on hover with a mouse; another tap
// or Escape hides it. Marks inside a move's button leave the tap to the button: those are
// explained by the board's legend ("What the marks mean") and by their title.
let bubble = null;
let shownFor = null;

function hide() {
  if (bubble) bubble.hidden = true;
  shownFor = null;
}

function show(el) {
  if (!bubble) {
    bubble = document.createElement('div');
    bubble.className = 'tip-bubble';
    bubble.setAttribute('role', 'tooltip');
    bubble.id = 'tip-bubble';
    document.body.append(bubble);
  }
  bubble.textContent = el.dataset.tip;
  bubble.hidden = false;
  const r = el.getBoundingClientRect();
  const width = Math.min(280, window.innerWidth - 16);
  bubble.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + window.innerWidth - width - 8));
  bubble.style.left = `${left}px`;
  bubble.style.top = `${r.bottom + window.scrollY + 6}px`;
  shownFor = el;
}

export function installTips() {
  document.addEventListener('click', (ev) => {
    const el = ev.target.closest && ev.target.closest('[data-tip]');
    if (!el || el.closest('button, a, summary')) return hide();
    if (shownFor === el) hide(); else show(el);
  });
  document.addEventListener('mouseover', (ev) => {
    const el = ev.target.closest && ev.target.closest('[data-tip]');
    if (el && !el.closest('button') && el !== shownFor) show(el);
  });
  document.addEventListener('mouseout', (ev) => {
    const el = ev.target.closest && ev.target.closest('[data-tip]');
    if (el && el === shownFor && !el.contains(ev.relatedTarget)) hide();
  });
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') hide(); });
}

// A mark with its meaning: the attributes to spread on the element that shows it.
export function tip(text) {
  return { 'data-tip': text, title: text };
}
