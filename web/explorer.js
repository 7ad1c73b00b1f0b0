// The explorer beside the board: for the position shown, the moves played
// there in this server's finished games, how often and how they scored for
// the mover. It follows the ply the page shows (body[data-shown]) and asks
// /api/g/<channel>/<game>/explorer?ply=N, under the game's own rule of who
// may watch it.

import { app } from './app.js';

const body = document.body;
const box = document.createElement('aside');
box.id = 'explorer';
box.hidden = true;
box.setAttribute('aria-live', 'polite');
document.getElementById('app').append(box);

let asked = null;
let timer = 0;

function cell(tag, text = '') {
  const c = document.createElement(tag);
  c.textContent = text;
  return c;
}

function pct(n, total) {
  return total ? Math.round((100 * n) / total) : 0;
}

function draw(data) {
  const w = data.words;
  box.replaceChildren(cell('h2', w['web-explorer']));
  if (!data.counted) {
    box.append(cell('p', w['web-explorer-private']));
  } else if (!data.moves.length) {
    box.append(cell('p', w['web-explorer-none']));
  } else {
    const table = document.createElement('table');
    const head = document.createElement('tr');
    head.append(cell('th', w['web-explorer-move']), cell('th', w['web-explorer-games']), cell('th', w['web-explorer-score']));
    table.append(head);
    for (const m of data.moves) {
      const tr = document.createElement('tr');
      tr.dataset.move = m.move;
      tr.dataset.games = String(m.games);
      const bar = document.createElement('div');
      bar.className = 'score';
      const parts = [['w', m.wins], ['d', m.draws], ['l', m.losses]];
      bar.title = parts.map(([, n]) => `${pct(n, m.games)}%`).join(' / ');
      bar.setAttribute('role', 'img');
      bar.setAttribute('aria-label', `${w['web-explorer-score']}: ${bar.title}`);
      for (const [k, n] of parts) {
        const s = document.createElement('span');
        s.className = k;
        s.style.width = `${pct(n, m.games)}%`;
        bar.append(s);
      }
      const score = cell('td');
      score.append(bar);
      tr.append(cell('td', m.move), cell('td', m.games_text), score);
      table.append(tr);
    }
    box.append(table, cell('p', data.total_text));
  }
  box.hidden = false;
  body.classList.add('with-explorer');
  body.dataset.explored = String(data.ply);
}

async function look() {
  const g = app.game;
  const shown = body.dataset.shown;
  if (!g || shown === undefined || !g.key) return;
  const want = `${g.channel}/${g.id}-${g.key}?ply=${shown}`;
  if (want === asked) return;
  asked = want;
  const headers = { Accept: 'application/json' };
  if (app.bearer) headers.Authorization = `Bearer ${app.bearer}`;
  try {
    const r = await fetch(`${app.base}/api/g/${want.replace('?', '/explorer?')}`, { credentials: 'same-origin', headers });
    if (!r.ok || asked !== want) return;
    draw(await r.json());
  } catch {
    asked = null;
  }
}

// Replaying quickly asks once, for where it stops.
new MutationObserver(() => {
  clearTimeout(timer);
  timer = setTimeout(look, 150);
}).observe(body, { attributes: true, attributeFilter: ['data-shown'] });
look();
