// The computer's analysis on a game's page: the review's evaluation of
// every ply as a graph (a point clicked or chosen by key shows that ply),
// the review's marks, the engine's best line at the shown ply, and
// variations tried from any ply. The server plays every variation move and
// answers what is legal and what the engine would play: the page draws
// what it is sent and never touches the game. A game between people in
// progress gets none of it (the server refuses it too).

const SVG = 'http://www.w3.org/2000/svg';
const W = 1000, H = 260, PAD_X = 14, PAD_Y = 14;
// The review's marks, by shape (the sign) as well as colour.
const MARKS = {
  inaccuracy: { sign: '?!', color: '#e8d04a', r: 9 },
  mistake: { sign: '?', color: '#ff9a3b', r: 11 },
  blunder: { sign: '??', color: '#ff5252', r: 13 },
};
const SOUTH = '#ffb13b', NORTH = '#74c2ff';

function el(name, attrs, parent, ns = SVG) {
  const e = ns ? document.createElementNS(ns, name) : document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function html(name, attrs, parent, text) {
  const e = el(name, attrs, parent, null);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Seeds ahead to the graph's height: near-even games keep their detail,
// and a forced result (±64) sits at the edge.
function height(seeds) {
  return H / 2 - (H / 2 - PAD_Y) * Math.tanh(seeds / 10);
}

// The ply asked for by the page's address: `#ply=17` or `?ply=17`.
export function linkedPly() {
  const m = /(?:^|[#&?])ply=(\d+)/.exec(location.hash) || /(?:^|[?&])ply=(\d+)/.exec(location.search);
  return m ? Number(m[1]) : null;
}

export class Study {
  // `env`: the page's `app`, its `api`, `view` (the board), `go(ply)`,
  // `say(text)`, `speed()` and `gamePath(game)`.
  constructor(env) {
    this.env = env;
    this.root = document.getElementById('analysis');
    this.data = null;
    this.loading = null;
    this.refused = false;
    this.lines = new Map();
    this.variation = null;
    this.lineFor = -1;
    this.timer = 0;
  }

  game() { return this.env.app.game; }

  // Whether the engine may help on this game: over, or against the computer.
  open() {
    const g = this.game();
    return !!g && (!g.live || g.players.some((p) => p.bot));
  }

  url(tail) {
    const g = this.game();
    return `/api/g/${g.channel}/${this.env.gamePath(g)}/${tail}`;
  }

  // A new state of the game arrived: its analysis is read again when it
  // has new plies (a game against the computer) or has just ended.
  received() {
    const g = this.game();
    if (!this.open()) { this.hide(); return; }
    const key = `${g.id}:${g.plies.length}:${g.live}`;
    if (this.refused === key || this.loading === key || (this.data && this.data.key === key)) return;
    this.loading = key;
    this.root.hidden = false;
    if (!this.data) this.root.dataset.state = 'thinking';
    this.env.api(this.url('analysis')).then((a) => {
      if (this.loading !== key) return;
      this.loading = null;
      a.key = key;
      this.data = a;
      this.lines.clear();
      this.lineFor = -1;
      this.draw();
      this.shown();
    }).catch(() => {
      if (this.loading !== key) return;
      this.loading = null;
      this.refused = key;
      this.hide();
    });
  }

  hide() {
    this.root.hidden = true;
    this.data = null;
    this.variation = null;
    delete document.body.dataset.analysis;
    delete document.body.dataset.variation;
  }

  word(key) { return (this.data && this.data.words[key]) || ''; }

  x(ply) {
    const n = Math.max(1, this.data.points.length);
    return PAD_X + (ply / n) * (W - 2 * PAD_X);
  }

  // Builds the panel from the analysis: the line's place, the graph, the
  // turning points, each player's marks and the table a screen reader reads.
  draw() {
    const a = this.data;
    const root = this.root;
    root.textContent = '';
    root.dataset.state = 'ready';
    html('h2', { id: 'analysis-title' }, root, this.word('web-analysis'));
    // The review's word on the move shown: what was played, its mark, the value.
    this.note = html('p', { id: 'ply-note' }, root);
    const bar = html('div', { id: 'analysis-line' }, root);
    this.lineText = html('div', { id: 'line-text', 'aria-live': 'polite' }, bar);
    this.buttons = html('div', { class: 'analysis-buttons' }, bar);
    const svg = el('svg', { id: 'graph', viewBox: `0 0 ${W} ${H}`, role: 'group',
      'aria-label': this.word('web-analysis-graph'), 'aria-describedby': 'analysis-table-caption' }, root);
    this.svg = svg;
    const pts = [[0, a.start.seeds], ...a.points.map((p) => [p.ply, p.eval.seeds])];
    const xy = pts.map(([ply, s]) => [this.x(ply), height(s)]);
    const mid = H / 2;
    el('rect', { x: 0, y: 0, width: W, height: H, rx: 12, class: 'graph-bg' }, svg);
    const defs = el('defs', {}, svg);
    for (const [id, y, h] of [['graph-top', 0, mid], ['graph-bottom', mid, H - mid]]) {
      const clip = el('clipPath', { id }, defs);
      el('rect', { x: 0, y, width: W, height: h }, clip);
    }
    const area = `M${xy[0][0]},${mid} ` + xy.map(([x, y]) => `L${x.toFixed(1)},${y.toFixed(1)}`).join(' ')
      + ` L${xy[xy.length - 1][0]},${mid} Z`;
    el('path', { d: area, fill: SOUTH, 'fill-opacity': 0.35, 'clip-path': 'url(#graph-top)' }, svg);
    el('path', { d: area, fill: NORTH, 'fill-opacity': 0.35, 'clip-path': 'url(#graph-bottom)' }, svg);
    el('line', { x1: PAD_X, x2: W - PAD_X, y1: mid, y2: mid, class: 'graph-mid' }, svg);
    el('polyline', { points: xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '), class: 'graph-line' }, svg);
    this.cursor = el('line', { y1: 4, y2: H - 4, class: 'graph-cursor' }, svg);
    for (const p of a.points) {
      const mark = MARKS[p.judgement];
      if (!mark || p.judgement === 'inaccuracy' && a.points.length > 80) continue;
      const [x, y] = [this.x(p.ply), height(p.eval.seeds)];
      const g = el('g', { class: `graph-mark ${p.judgement}`, 'aria-hidden': 'true' }, svg);
      el('circle', { cx: x, cy: y, r: mark.r, fill: mark.color, stroke: '#1a1512', 'stroke-width': 2.5 }, g);
      const above = y > 40;
      const t = el('text', { x, y: above ? y - mark.r - 6 : y + mark.r + 22, 'text-anchor': 'middle', fill: mark.color }, g);
      t.textContent = mark.sign;
    }
    // Every ply is a column to click, or to reach by key: one stop of Tab,
    // the arrows walk it.
    this.columns = [];
    const width = (W - 2 * PAD_X) / Math.max(1, a.points.length);
    const labels = [this.word('web-analysis-start'), ...a.points.map((p) => p.label)];
    labels.forEach((label, ply) => {
      const c = el('rect', { x: this.x(ply) - width / 2, y: 0, width, height: H, class: 'graph-hit',
        role: 'button', tabindex: '-1', 'aria-label': label, 'data-ply': String(ply) }, svg);
      c.addEventListener('click', () => this.env.go(ply));
      c.addEventListener('keydown', (e) => this.key(ply, e));
      this.columns.push(c);
    });
    // The turning points, to jump to.
    if (a.turning.length) {
      const list = html('ul', { id: 'turning', class: 'analysis-turning' }, root);
      for (const ply of a.turning) {
        const p = a.points[ply - 1];
        const li = html('li', {}, list);
        const b = html('button', { type: 'button', class: `turn ${p.judgement || ''}`, 'aria-label': p.label,
          'data-ply': String(ply) }, li, `${ply}. ${p.played} ${(MARKS[p.judgement] || { sign: '' }).sign}`);
        b.addEventListener('click', () => this.env.go(ply));
      }
    }
    const tallies = html('ul', { class: 'analysis-tallies' }, root);
    for (const t of a.tallies) html('li', {}, tallies, t);
    this.table(a);
    document.body.dataset.analysis = String(a.points.length);
  }

  // The graph's text alternative: every ply in a table.
  table(a) {
    // In a hidden box: a table is never narrower than its cells.
    const box = html('div', { class: 'visually-hidden' }, this.root);
    const t = html('table', { id: 'analysis-table' }, box);
    html('caption', { id: 'analysis-table-caption' }, t, this.word('web-analysis-graph'));
    const head = html('tr', {}, html('thead', {}, t));
    for (const k of ['web-analysis-move', 'web-analysis-player', 'web-analysis-played', 'web-analysis-best',
      'web-analysis-eval', 'web-analysis-mark']) html('th', { scope: 'col' }, head, this.word(k));
    const body = html('tbody', {}, t);
    const names = this.game().players.map((p) => p.name);
    for (const p of a.points) {
      const row = html('tr', {}, body);
      html('th', { scope: 'row' }, row, String(p.ply));
      html('td', {}, row, names[p.side === 'south' ? 0 : 1]);
      html('td', {}, row, p.played);
      html('td', {}, row, p.best);
      html('td', {}, row, p.eval.text);
      html('td', {}, row, p.judgement ? (MARKS[p.judgement].sign) : '');
    }
  }

  key(ply, e) {
    const n = this.columns.length - 1;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: n }[e.key];
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); this.env.go(ply); return; }
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    this.env.go(Math.max(0, Math.min(n, to)));
    this.columns[this.env.app.shown].focus();
  }

  // The board shown while a variation is open: the position at its end.
  board() {
    const v = this.variation && this.variation.state;
    if (!v) return null;
    return v.plies.length ? v.plies[v.plies.length - 1].after : v.start;
  }

  // After the page drew the game's ply: the graph's cursor, the address,
  // and the line (or the variation's board) at that ply.
  shown() {
    const g = this.game();
    if (!g) return;
    const shown = this.env.app.shown;
    const at = shown === g.plies.length ? '' : `#ply=${shown}`;
    if (location.hash !== at && (at || location.hash)) {
      history.replaceState(null, '', location.pathname + location.search + at);
    }
    if (!this.data) return;
    if (this.variation && this.variation.ply !== shown) {
      this.variation = null;
      delete document.body.dataset.variation;
    }
    const x = this.x(Math.min(shown, this.data.points.length));
    this.cursor.setAttribute('x1', x);
    this.cursor.setAttribute('x2', x);
    this.columns.forEach((c, i) => {
      c.setAttribute('tabindex', i === Math.min(shown, this.columns.length - 1) ? '0' : '-1');
      if (i === shown) c.setAttribute('aria-current', 'step'); else c.removeAttribute('aria-current');
    });
    const point = shown > 0 ? this.data.points[shown - 1] : null;
    this.note.textContent = shown === 0 ? this.word('web-analysis-start') : (point ? point.label : '');
    this.note.className = (point && point.judgement) || '';
    if (this.variation) { this.drawVariation(); return; }
    this.controls(false);
    if (shown > this.data.points.length) return;
    const known = this.lines.get(shown);
    if (known) { this.showLine(known, shown); return; }
    this.lineText.textContent = this.word('web-analysis-thinking');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fetchLine(shown), 150);
  }

  fetchLine(ply) {
    if (this.env.app.shown !== ply || this.variation) return;
    this.ask(ply, []).then((v) => {
      this.lines.set(ply, v.line);
      if (this.env.app.shown === ply && !this.variation) this.showLine(v.line, ply);
    }).catch((e) => { this.lineText.textContent = e.message; });
  }

  showLine(line, ply) {
    this.lineText.textContent = line.text;
    document.body.dataset.line = String(ply);
  }

  ask(ply, moves) {
    return this.env.api(this.url('variation'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ply, moves }),
    });
  }

  // The buttons under the line: try moves from here, or, in a variation,
  // play the computer's answer and go back to the game.
  controls(inVariation) {
    const b = this.buttons;
    b.textContent = '';
    const button = (id, key, action) => {
      const e = html('button', { type: 'button', id }, b, this.word(key));
      e.addEventListener('click', action);
      return e;
    };
    if (!inVariation) {
      button('try', 'web-analysis-try', () => this.start());
      return;
    }
    const v = this.variation.state;
    const answer = v && v.line.moves[0];
    if (answer) button('answer', 'web-analysis-answer', () => this.tap(answer));
    button('leave', 'web-analysis-leave', () => this.leave());
  }

  // Opens a variation at the shown ply.
  start() {
    this.variation = { ply: this.env.app.shown, moves: [], state: null };
    this.send([]);
  }

  leave() {
    this.variation = null;
    delete document.body.dataset.variation;
    this.env.render();
    const t = document.getElementById('try');
    if (t) t.focus();
  }

  // A tapped pit while a variation is open: the server plays it (or says
  // why not). Whether the page took the tap.
  tap(pit) {
    if (!this.variation) return false;
    this.send([...this.variation.moves, pit], true);
    return true;
  }

  send(moves, animate = false) {
    const v = this.variation;
    const before = this.board();
    this.ask(v.ply, moves).then(async (state) => {
      if (this.variation !== v) return;
      v.moves = state.moves;
      v.state = state;
      const last = state.plies[state.plies.length - 1];
      if (animate && before && last) {
        const token = ++this.env.app.animating;
        await this.env.view.animate(before, last.report, this.env.speed(), () => token !== this.env.app.animating);
        if (this.variation !== v) return;
      }
      document.body.dataset.variation = String(state.moves.length);
      this.env.render();
    }).catch((e) => this.env.say(e.message));
  }

  drawVariation() {
    const v = this.variation.state;
    this.controls(true);
    if (!v) return;
    const last = v.plies[v.plies.length - 1];
    this.env.view.draw(this.board(), last ? last.report : null, v.legal);
    this.lineText.textContent = '';
    html('p', {}, this.lineText, this.word('web-analysis-in-variation'));
    if (v.moves.length) html('p', { class: 'variation-moves' }, this.lineText, v.moves.join(' '));
    html('p', { id: 'variation-line' }, this.lineText, v.line.text);
  }
}
