// Entry point: routes between the home page ("/") and a room ("/r/{code}", "?watch=1" to
// spectate), and the language switch. Every file comes from this server; nothing else is
// fetched.
import { clear } from './dom.js';
import { t, getLang, setLang } from './i18n.js';
import { renderHome } from './home.js';
import { RoomPage } from './room.js';
import { ReplayPage } from './replay.js';
import { normalizeCode } from './session.js';
import { installTips } from './tips.js';

const root = document.getElementById('app');
let current = null;  // the RoomPage being shown
let titles = null;

async function loadTitles() {
  if (titles) return titles;
  try {
    const games = (await (await fetch('/api/games')).json()).games;
    titles = Object.fromEntries(games.map((g) => [g.id, getLang() === 'ja' ? g.title_ja : g.title]));
    titles.__all = games;
  } catch {
    titles = {};
  }
  return titles;
}

function titleOf(id) {
  const g = titles?.__all?.find((x) => x.id === id);
  return g ? (getLang() === 'ja' ? g.title_ja : g.title) : id;
}

function chrome() {
  document.documentElement.lang = getLang();
  document.title = t('app_name');
  const brand = document.getElementById('brand');
  brand.textContent = t('app_name');
  const btn = document.getElementById('lang');
  btn.textContent = t('lang_switch');
  btn.setAttribute('aria-label', t('lang_switch_label'));
}

export function go(path, session = null) {
  if (current && current.session && current.session !== session) current.session.close();
  if (current && current.stop) current.stop();
  current = null;
  history.pushState(null, '', path);
  route(session);
}

async function route(session = null) {
  chrome();
  window.scrollTo(0, 0);  // a new page starts at its top, whatever the last one was scrolled to
  const path = location.pathname;
  const m = path.match(/^\/r\/([^/]+)\/?$/);
  const replay = path.match(/^\/r\/([^/]+)\/replay\/?$/);
  if (replay) {
    await loadTitles();
    const q = new URLSearchParams(location.search);
    const number = (name) => (/^\d+$/.test(q.get(name) || '') ? Number(q.get(name)) : null);
    current = new ReplayPage(root, normalizeCode(decodeURIComponent(replay[1])),
      { gameNo: number('game'), seat: number('seat'), step: number('step'), titleOf });
    await current.start();
  } else if (m) {
    const code = normalizeCode(decodeURIComponent(m[1]));
    await loadTitles();
    const watch = new URLSearchParams(location.search).has('watch');
    current = new RoomPage(root, code, { session, watch, go });
    current.titles = new Proxy({}, { get: (_, id) => titleOf(id) });
    current.catalog = titles.__all || [];
    await current.start();
  } else {
    clear(root);
    await renderHome(root, go);
  }
}

document.getElementById('lang').addEventListener('click', () => {
  setLang(getLang() === 'ja' ? 'en' : 'ja');
  chrome();
  if (current) current.render();
  else installTips();
route();
});

// Links inside the app navigate without a reload.
document.addEventListener('click', (ev) => {
  const a = ev.target.closest && ev.target.closest('a[data-link]');
  if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
  ev.preventDefault();
  go(a.getAttribute('href'));
});

window.addEventListener('popstate', () => {
  if (current && current.session) current.session.close();
  if (current && current.stop) current.stop();
  current = null;
  installTips();
route();
});

installTips();
route();
