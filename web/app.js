// The live board's page: loads a game, keeps a WebSocket open for its
// changes, animates each new move, replays, and sends a tapped pit as a
// move; a pit that is no move is answered with the server's reason.
// Everything shown comes from the server.

import { BoardView } from './board.js';
import { Study, linkedPly } from './analysis.js';
import { showTakeback } from './takeback.js';

const body = document.body;
const mode = body.dataset.mode;
const $ = (id) => document.getElementById(id);

// Speed steps of the slider: ms per seed.
const SPEEDS = { '-2': 480, '-1': 300, '0': 180, '1': 90, '2': 40 };

export const app = {
  base: body.dataset.base || '',
  bearer: null,
  csrf: '',
  me: null,
  game: null,
  shown: 0,
  flipped: null,
  animating: 0,
  socket: null,
  retry: 500,
};

function headers(extra = {}) {
  const h = { Accept: 'application/json', ...extra };
  if (app.bearer) h.Authorization = `Bearer ${app.bearer}`;
  return h;
}

async function api(path, options = {}) {
  const r = await fetch(app.base + path, { credentials: 'same-origin', ...options, headers: headers(options.headers) });
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) throw new Error((data && data.error) || `${r.status}`);
  return data;
}

// The page's own words, in the viewer's language, served with the page
// itself: they label it before any game loads, or when none may be shown.
const pageWords = JSON.parse($('words').textContent || '{}');

function label(key, fallback = '') {
  return (app.game && app.game.words.labels[key]) || pageWords[key] || fallback;
}

// The answer to a tap or a key on a pit, in a polite live region: emptied
// first, so that the same words said twice are heard twice, and gone after
// a while.
let saying = 0;
function say(text) {
  const t = $('toast');
  t.textContent = '';
  t.classList.remove('shown');
  clearTimeout(saying);
  saying = setTimeout(() => {
    t.textContent = text;
    t.classList.add('shown');
    // Answers given, for whoever checks the page.
    body.dataset.said = String(Number(body.dataset.said || 0) + 1);
    saying = setTimeout(() => { t.classList.remove('shown'); t.textContent = ''; }, 6000);
  }, 50);
}

function problem(text) {
  const p = $('problem');
  p.textContent = text || '';
  p.hidden = !text;
}

const view = new BoardView($('board'), { onPit: (pit) => play(pit) });
const study = new Study({ app, api, view, go: (ply) => go(ply), say, speed: () => speed(), gamePath: (g) => gamePath(g),
  render: () => render() });

// Labels the page from its own words.
function chrome() {
  const titles = { first: 'web-first', back: 'web-back', forward: 'web-forward', last: 'web-last',
    animate: 'web-animate', flip: 'web-flip', copy: 'web-copy' };
  for (const [id, key] of Object.entries(titles)) {
    $(id).title = label(key);
    $(id).setAttribute('aria-label', label(key));
  }
  $('l-speed').textContent = label('web-speed');
  $('sign-in').textContent = label('web-sign-in');
  $('sign-out').textContent = label('web-sign-out');
}

// The side the viewer plays, if any.
function mySide() {
  if (!app.game || !app.me) return null;
  const i = app.game.players.findIndex((p) => p.user === app.me.user);
  return i < 0 ? null : i;
}

function boardAt(ply) {
  const g = app.game;
  return ply === 0 ? g.start : g.plies[ply - 1].after;
}

function isLive() { return app.shown === app.game.plies.length; }

function myTurn() {
  const g = app.game;
  if (!g.live || !g.legal.length || !isLive()) return false;
  if (mode === 'local') return true;
  const side = mySide();
  return side !== null && g.to_move === (side === 0 ? 'south' : 'north');
}

function bands() {
  const g = app.game;
  const bottomSide = view.flipped ? 1 : 0;
  const board = study.board() || boardAt(app.shown);
  for (const [id, side] of [['band-bottom', bottomSide], ['band-top', 1 - bottomSide]]) {
    const band = $(id);
    const seeds = board.seeds.reduce((t, n, i) => t + ((i < 16) === (side === 0) ? n : 0), 0);
    band.querySelector('.name').textContent = g.players[side].name;
    band.querySelector('.seeds').textContent = g.words.seeds[seeds] ?? String(seeds);
    band.querySelector('.dot').className = `dot side-${side}`;
    const toMove = g.live && isLive() && g.to_move === (side === 0 ? 'south' : 'north');
    const pill = band.querySelector('.pill');
    pill.textContent = toMove ? label('web-to-move') : '';
    pill.className = `pill side-${side}`;
    pill.hidden = !toMove;
  }
}

// A duration in the page's language, in the browser's own units ("2 h 5 min",
// "saa 2 dakika 5"), so that no number is glued to a word here.
function duration(ms) {
  const unit = (n, u) => new Intl.NumberFormat(app.game.words.lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const minutes = Math.floor(ms / 60000);
  const d = Math.floor(minutes / 1440), h = Math.floor(minutes / 60) % 24, m = minutes % 60;
  if (d) return h ? `${unit(d, 'day')} ${unit(h, 'hour')}` : unit(d, 'day');
  return h ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(m, 'minute');
}

function status() {
  const g = app.game;
  let text;
  if (!g.live) text = g.result || label('web-finished');
  else if (myTurn()) text = label('web-your-move');
  else text = `${label('web-live')} · ${label('web-waiting')}`;
  if (g.live && g.deadline_ms) {
    const left = Math.max(0, g.deadline_ms - (g.now_ms + (Date.now() - app.received)));
    text += ` · ${label('web-time-left')} ${duration(left)}`;
  }
  $('status').textContent = text;
  $('ply').textContent = `${app.shown}/${g.plies.length}`;
  body.dataset.shown = String(app.shown);
  body.dataset.plies = String(g.plies.length);
  $('alt').textContent = g.alt;
  showTakeback(g, mode === 'local' ? null : mySide(), label, takeback);
}

function render() {
  const g = app.game;
  const report = app.shown > 0 ? g.plies[app.shown - 1].report : null;
  view.draw(boardAt(app.shown), report, myTurn() ? g.legal : []);
  bands();
  status();
  study.shown();
}

function speed() { return SPEEDS[$('speed').value] || 180; }

// Animates plies from..to-1 in turn, unless something newer interrupts.
async function animateFrom(from) {
  const token = ++app.animating;
  const cancel = () => token !== app.animating;
  for (let p = from; p < app.game.plies.length; p++) {
    await view.animate(boardAt(p), app.game.plies[p].report, speed(), cancel);
    if (cancel()) return;
    app.shown = p + 1;
    // Moves seen animated, for whoever checks the page (a test, a curious reader).
    body.dataset.animated = String(Number(body.dataset.animated || 0) + 1);
  }
  render();
}

// A push holds only what changed since ply `from`; a page that holds
// fewer plies (it missed a push) reads the whole game again.
function merge(update) {
  const g = app.game;
  if (!g || update.from > g.plies.length) return null;
  // Behind what the page shows (an older push): nothing to take from it.
  // After a takeback (more takebacks) the history may be shorter.
  if (update.takebacks < g.takebacks) return g;
  if (update.takebacks === g.takebacks && update.from + update.plies.length < g.plies.length) return g;
  const { kind, from, plies, ...rest } = update;
  void kind;
  return { ...g, ...rest, plies: g.plies.slice(0, from).concat(plies) };
}

function receive(state) {
  if (state.error) { problem(state.error); return; }
  if (state.kind === 'update') {
    const merged = merge(state);
    if (!merged) {
      const g = app.game;
      if (g) api(`/api/g/${g.channel}/${gamePath(g)}`).then(receive).catch((e) => problem(e.message));
      return;
    }
    state = merged;
  }
  const before = app.game;
  const wasLive = before && app.shown === before.plies.length;
  const takenBack = before && before.id === state.id && state.takebacks > before.takebacks;
  if (takenBack) say(state.words.labels['web-taken-back']);
  app.game = state;
  app.received = Date.now();
  view.words = state.words;
  if (app.flipped === null) {
    app.flipped = mySide() === 1;
    view.flip(app.flipped);
  }
  document.documentElement.lang = state.words.lang;
  if (before && state.plies.length > before.plies.length && before.id === state.id) {
    // Every new move in words, for a screen reader (who, which pit, laps, captures).
    $('said').textContent = state.plies.slice(before.plies.length).map((p) => p.said).join(' ');
  }
  if (before && wasLive && state.plies.length > before.plies.length && before.id === state.id) {
    animateFrom(before.plies.length);
  } else if (!before || wasLive || takenBack || before.id !== state.id) {
    // A link may open the page at a ply (`#ply=17`).
    const linked = before ? null : linkedPly();
    app.shown = linked === null ? state.plies.length : Math.min(linked, state.plies.length);
    render();
  } else {
    status();
  }
  study.received();
}

// Sends a tapped pit as a move on the board shown: the server plays it, or
// says why not (whose turn it is, whose pit, an earlier board...). Only a
// viewer the server has said is signed out is answered here, in the
// server's words, without a request that could only fail.
async function play(pit) {
  const g = app.game;
  if (!g) return;
  // A variation on the page takes the tap: the server plays it there only.
  if (study.tap(pit)) return;
  if (!app.me) { say(label('web-sign-in-to-play')); return; }
  try {
    await api(`/api/g/${g.channel}/${gamePath(g)}/move`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Isolo-Csrf': app.csrf },
      body: JSON.stringify({ pit, ply: app.shown }),
    });
  } catch (e) {
    say(e.message);
    render();
  }
}

// Asks to take back the last move, or answers the opponent's request.
async function takeback(action) {
  const g = app.game;
  if (!g) return;
  try {
    await api(`/api/g/${g.channel}/${gamePath(g)}/takeback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Isolo-Csrf': app.csrf },
      body: JSON.stringify({ action }),
    });
  } catch (e) {
    say(e.message);
  }
}

// A game's segment of its address: its number and its link's key.
function gamePath(g) {
  return `${g.id}-${g.key}`;
}

function connect(channel, id) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  // A session without a cookie (the Activity's) goes in the first message,
  // never in the address, which proxies log.
  const q = app.bearer ? '?auth=message' : '';
  const ws = new WebSocket(`${proto}//${location.host}${app.base}/api/g/${channel}/${id}/ws${q}`);
  if (app.bearer) ws.onopen = () => ws.send(JSON.stringify({ session: app.bearer }));
  app.socket = ws;
  ws.onmessage = (m) => {
    app.retry = 500;
    problem('');
    body.classList.remove('offline');
    receive(JSON.parse(m.data));
  };
  ws.onclose = () => {
    if (app.socket !== ws) return;
    body.classList.add('offline');
    if (app.game) problem(label('web-reconnecting'));
    setTimeout(() => connect(channel, id), app.retry);
    app.retry = Math.min(app.retry * 2, 15000);
  };
}

export async function open(channel, id) {
  try {
    receive(await api(`/api/g/${channel}/${id}`));
  } catch (e) {
    problem(e.message);
    return;
  }
  connect(channel, id);
}

export async function signedIn() {
  try {
    const me = await api('/api/me');
    app.me = me.user ? me : null;
    app.csrf = app.me ? app.me.csrf : '';
  } catch {
    app.me = null;
  }
  const signIn = $('sign-in');
  signIn.hidden = !!app.me || mode === 'activity' || mode === 'local';
  signIn.href = `${app.base}/auth/login?next=${encodeURIComponent(location.pathname)}`;
  $('sign-out').hidden = !app.me || mode !== 'game';
}

// Shows ply `ply` of the game (clamped), stopping any animation.
function go(ply) {
  if (!app.game) return;
  app.animating++;
  app.shown = Math.max(0, Math.min(app.game.plies.length, ply));
  render();
}

function controls() {
  $('first').onclick = () => go(0);
  $('back').onclick = () => go(app.shown - 1);
  $('forward').onclick = () => go(app.shown + 1);
  $('last').onclick = () => go(app.game.plies.length);
  $('animate').onclick = () => {
    if (!app.game || app.shown === 0) return;
    const p = app.shown - 1;
    const token = ++app.animating;
    view.animate(boardAt(p), app.game.plies[p].report, speed(), () => token !== app.animating)
      .then(() => { if (token === app.animating) render(); });
  };
  $('flip').onclick = () => { app.flipped = !view.flipped; view.flip(app.flipped); if (app.game) render(); };
  $('copy').onclick = async () => {
    if (!app.game) return;
    try { await navigator.clipboard.writeText(app.game.record); } catch {
      const t = document.createElement('textarea');
      t.value = app.game.record; document.body.appendChild(t); t.select();
      document.execCommand('copy'); t.remove();
    }
    $('status').textContent = label('web-copied');
  };
  $('sign-out').onclick = async () => {
    await api('/auth/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Isolo-Csrf': app.csrf },
      body: '{}',
    });
    location.reload();
  };
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowLeft') go(app.shown - 1);
    else if (e.key === 'ArrowRight') go(app.shown + 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(app.game ? app.game.plies.length : 0);
    else if (e.key === 'f') $('flip').click();
  });
  setInterval(() => { if (app.game && app.game.live) status(); }, 15000);
}

async function local() {
  $('local').hidden = false;
  await signedIn();
  $('new-game').onsubmit = async (e) => {
    e.preventDefault();
    problem('');
    try {
      const g = await api('/api/local/new', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Isolo-Csrf': app.csrf },
        body: JSON.stringify({ variant: $('variant').value, opponent: $('opponent').value }),
      });
      app.game = null;
      app.flipped = null;
      if (app.socket) { const s = app.socket; app.socket = null; s.close(); }
      await open(g.channel, g.game);
    } catch (err) { problem(err.message); }
  };
  $('new-game').requestSubmit();
}

window.isolo = { app, play };
chrome();
controls();
if (mode === 'game') {
  const [, , channel, id] = location.pathname.replace(/^\/\.proxy/, '').split('/');
  signedIn().then(() => open(channel, id));
} else if (mode === 'local') {
  local();
} else if (mode === 'activity') {
  import('./activity.js').then((a) => a.start(app, { open, signedIn })).catch((e) => problem(String(e.message || e)));
}
