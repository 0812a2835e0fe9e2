// A tiny DOM builder and the two animations every board shares: elements with the same
// data-flip key glide from where they were to where they are now, and elements whose
// data-watch value changed flash once. Both respect prefers-reduced-motion.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = Array.isArray(v) ? v.filter(Boolean).join(' ') : v;
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

// Replaces the children of `el` (null, undefined and false children are skipped).
export function fill(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

const reduced = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// What the board looked like before a re-render: positions of data-flip elements, values of
// data-watch elements and the focused element's data-key (so keyboard focus survives).
export function snapshotLayout(root) {
  const rects = new Map(), values = new Map();
  for (const el of root.querySelectorAll('[data-flip]')) rects.set(el.dataset.flip, el.getBoundingClientRect());
  for (const el of root.querySelectorAll('[data-watch]')) values.set(el.dataset.watch, el.dataset.val ?? el.textContent);
  const active = document.activeElement;
  const focusKey = active && root.contains(active) ? active.dataset.key : null;
  return { rects, values, focusKey };
}

export function animateChanges(root, before, enabled = true) {
  if (before.focusKey) {
    const el = root.querySelector(`[data-key="${CSS.escape(before.focusKey)}"]`);
    if (el) el.focus({ preventScroll: true });
  }
  if (!enabled || reduced() || typeof Element.prototype.animate !== 'function') return;
  for (const el of root.querySelectorAll('[data-flip]')) {
    const old = before.rects.get(el.dataset.flip);
    if (!old) continue;
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left, dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }],
      { duration: 450, easing: 'cubic-bezier(.2,.7,.3,1)' });
  }
  for (const el of root.querySelectorAll('[data-watch]')) {
    const key = el.dataset.watch;
    if (!before.values.has(key)) continue;
    if (before.values.get(key) !== (el.dataset.val ?? el.textContent)) {
      el.animate([{ backgroundColor: 'rgba(255, 196, 0, .65)' }, { backgroundColor: 'transparent' }],
        { duration: 1200, easing: 'ease-out' });
    }
  }
}
