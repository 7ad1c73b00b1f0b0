// A player's page: each server's rating history drawn as a chart (the
// rating a line, the Glicko-2 deviation a band around it), results by
// variant, and recent games. Everything comes from /api/p/<member>; the
// server has already left out what this viewer may not watch.

const $ = (id) => document.getElementById(id);
const words = JSON.parse($('words').textContent || '{}');
const member = document.body.dataset.member;
const SVG = 'http://www.w3.org/2000/svg';

function el(tag, attrs = {}, text = '') {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

// The chart of one server: x is the game's place in the history (games
// are evenly spaced, as Lichess's chart reads at a glance), y the rating.
export function chart(points, alt) {
  const W = 600, H = 240, L = 48, R = 12, T = 12, B = 24;
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': alt });
  const lo = Math.min(...points.map((p) => p.rating - (p.deviation ?? 0)));
  const hi = Math.max(...points.map((p) => p.rating + (p.deviation ?? 0)));
  const pad = Math.max(20, (hi - lo) * 0.08);
  const y0 = Math.floor((lo - pad) / 50) * 50, y1 = Math.ceil((hi + pad) / 50) * 50;
  const x = (i) => L + (points.length === 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (points.length - 1));
  const y = (r) => T + ((y1 - r) * (H - T - B)) / (y1 - y0);
  const step = Math.max(50, Math.ceil((y1 - y0) / 4 / 50) * 50);
  for (let r = Math.ceil(y0 / step) * step; r <= y1; r += step) {
    root.append(svg('line', { x1: L, x2: W - R, y1: y(r), y2: y(r), class: 'grid' }));
    const t = svg('text', { x: L - 6, y: y(r) + 5, class: 'tick' });
    t.textContent = String(r);
    root.append(t);
  }
  // The band: rating ± deviation where the deviation is known.
  const known = points.map((p, i) => [p, i]).filter(([p]) => p.deviation != null);
  if (known.length === 1) {
    // One point: its band is a bar.
    const [p, i] = known[0];
    root.append(svg('line', { x1: x(i), x2: x(i), y1: y(p.rating + p.deviation), y2: y(p.rating - p.deviation), class: 'bar' }));
  } else if (known.length) {
    const top = known.map(([p, i]) => `${x(i)},${y(p.rating + p.deviation)}`);
    const bottom = known.slice().reverse().map(([p, i]) => `${x(i)},${y(p.rating - p.deviation)}`);
    root.append(svg('polygon', { points: top.concat(bottom).join(' '), class: 'dev-band' }));
  }
  root.append(svg('polyline', { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' '), class: 'line' }));
  points.forEach((p, i) => {
    const dot = svg('circle', { cx: x(i), cy: y(p.rating), r: points.length > 60 ? 2 : 4, class: 'point' });
    const title = svg('title');
    title.textContent = `${new Date(p.at_ms).toLocaleDateString(document.documentElement.lang)}: ${Math.round(p.rating)}`
      + (p.deviation != null ? ` ± ${Math.round(p.deviation)}` : '');
    dot.append(title);
    root.append(dot);
  });
  return root;
}

function show(data) {
  $('name').textContent = data.name;
  document.title = `${data.name} – ${document.title}`;
  $('h-history').textContent = words['web-player-history'] || '';
  $('h-variants').textContent = words['web-player-by-variant'] || '';
  $('h-games').textContent = words['web-player-games'] || '';
  const histories = $('histories');
  if (!data.histories.length) histories.append(el('p', { class: 'none' }, words['web-player-no-rating'] || ''));
  for (const h of data.histories) {
    const fig = el('figure', { class: 'history' });
    const cap = el('figcaption');
    cap.append(el('span', { class: 'server' }, h.server), el('span', { class: 'rating' }, `${words['web-player-rating'] || ''} ${h.rating}`));
    fig.append(cap, chart(h.points, h.alt));
    if (h.points.some((p) => p.deviation != null)) {
      fig.append(el('p', { class: 'legend' }, words['web-player-deviation'] || ''));
    }
    histories.append(fig);
  }
  const variants = $('variant-list');
  for (const v of data.by_variant) {
    const li = el('li');
    li.append(el('strong', {}, v.variant), document.createTextNode(` ${v.text}`));
    variants.append(li);
  }
  if (!data.by_variant.length) variants.append(el('li', { class: 'none' }, words['web-player-none'] || ''));
  $('games-count').textContent = data.games_text;
  const list = $('game-list');
  for (const g of data.games) {
    const li = el('li', { class: `game ${g.result}`, 'data-game': g.id });
    const mark = el('span', { class: 'result' }, g.result_text);
    const who = el('a', { href: g.link }, g.versus);
    const meta = el('span', { class: 'meta' },
      `${g.variant} · ${g.rated ? words['web-player-rated'] : words['web-player-casual']} · ${new Date(g.finished_ms).toLocaleDateString(document.documentElement.lang)}`);
    li.append(mark, who, meta);
    list.append(li);
  }
  document.body.dataset.loaded = String(data.games.length);
}

async function load() {
  const r = await fetch(`/api/p/${member}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const data = await r.json().catch(() => null);
  if (!r.ok || !data) {
    const p = $('problem');
    p.textContent = (data && data.error) || String(r.status);
    p.hidden = false;
    document.body.dataset.loaded = 'error';
    return;
  }
  show(data);
}

load();
