// Copies a text (an invite link) and says so on the button that asked; without the clipboard
// API (a page that is not a secure context) through a hidden text area.
import { h } from './dom.js';
import { t } from './i18n.js';

function fallbackCopy(text) {
  const area = h('textarea', { style: { position: 'fixed', opacity: '0' }, 'aria-hidden': 'true' }, text);
  document.body.append(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  area.remove();
  return ok;
}

export function copyText(text, button) {
  const done = () => {
    const old = button.textContent;
    button.textContent = t('copied');
    setTimeout(() => { button.textContent = old; }, 1500);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text) && done());
  } else if (fallbackCopy(text)) done();
}
