// The board view: draws what the server sent (seeds per pit, the last
// move's marks, the legal pits) in the bot's own palette and marks, and
// animates a move seed by seed from the engine's lap report. It decides
// nothing: legality and results come from the server, and a tap on any pit,
// legal or not, is passed on for the server to answer.

const SVG = 'http://www.w3.org/2000/svg';

// The PNG's palette (src/render/theme.rs).
export const COLORS = {
  panel: ['#7a532f', '#30506e'],
  pit: ['#402a17', '#172a3d'],
  accent: ['#ffb13b', '#74c2ff'],
  zero: ['#6f5a47', '#4a5f73'],
  seed: '#eee0c0',
  number: '#ffffff',
  label: '#ddd3c4',
  from: '#ffd93b',
  end: '#52e07a',
  taken: '#ff5252',
  guard: '#cfc8bc',
};

export const COLUMNS = 'abcdefgh';
// The order of every `seeds` array: row 1 a..h, then rows 2, 3, 4.
export function pitIndex(pit) {
  return (Number(pit[1]) - 1) * 8 + COLUMNS.indexOf(pit[0]);
}
export function pitName(index) {
  return COLUMNS[index % 8] + String(Math.floor(index / 8) + 1);
}

const PIT_W = 106, PIT_H = 86, LEFT = 48, STEP_X = 114;
// Row tops with North (rows 4, 3) above South (rows 2, 1).
const ROW_Y = { 4: 40, 3: 138, 2: 258, 1: 356 };

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function sideOfRow(row) { return row <= 2 ? 0 : 1; }

// Seeds drawn in a pit: up to eight in rows of four above the count, more
// as a ring around it (as the bot's pictures draw them).
function seedDots(n) {
  const dots = [];
  if (n <= 8) {
    for (let i = 0; i < n; i++) {
      const row = Math.floor(i / 4), inRow = Math.min(4, n - row * 4);
      dots.push([(i % 4 - (inRow - 1) / 2) * 12, -27 + row * 10]);
    }
    return dots;
  }
  const shown = Math.min(n, 16);
  for (let i = 0; i < shown; i++) {
    const a = (i / shown) * Math.PI * 2 - Math.PI / 2;
    dots.push([Math.cos(a) * 40, Math.sin(a) * 30 + 4]);
  }
  return dots;
}

export class BoardView {
  constructor(svg, { onPit, words }) {
    this.svg = svg;
    this.onPit = onPit;
    this.words = words || {};
    this.flipped = false;
    this.pits = [];
    // The pit that holds the board's one stop of Tab (the arrows move it).
    this.stop = 0;
    this.build();
  }

  // Where pit `index` sits, as drawn (flipped: South on top).
  place(index) {
    const col = index % 8;
    const row = Math.floor(index / 8) + 1;
    const shownRow = this.flipped ? 5 - row : row;
    const shownCol = this.flipped ? 7 - col : col;
    return { x: LEFT + shownCol * STEP_X, y: ROW_Y[shownRow], side: sideOfRow(row) };
  }

  build() {
    const s = this.svg;
    s.textContent = '';
    this.panels = [0, 1].map((side) => el('rect', { rx: 16, class: 'panel', fill: COLORS.panel[side] }, s));
    this.labels = el('g', { class: 'labels', fill: COLORS.label }, s);
    this.pits = [];
    for (let i = 0; i < 32; i++) {
      const g = el('g', { class: 'pit', role: 'button', tabindex: i === this.stop ? '0' : '-1',
        'aria-disabled': 'true', 'data-pit': pitName(i) }, s);
      const side = sideOfRow(Math.floor(i / 8) + 1);
      const body = el('rect', { width: PIT_W, height: PIT_H, rx: 22, fill: COLORS.pit[side], class: 'body' }, g);
      const marks = el('g', { class: 'marks' }, g);
      const dots = el('g', { class: 'dots' }, g);
      const count = el('text', { x: PIT_W / 2, y: PIT_H / 2 + 14, 'text-anchor': 'middle', class: 'count' }, g);
      g.addEventListener('click', () => this.tap(i));
      g.addEventListener('keydown', (e) => this.key(i, e));
      g.addEventListener('focus', () => this.hold(i));
      this.pits.push({ g, body, marks, dots, count, side, seeds: 0 });
    }
    this.layout();
  }

  layout() {
    // North's half above South's, or below when flipped.
    [0, 1].forEach((side) => {
      const above = (side === 1) !== this.flipped;
      this.panels[side].setAttribute('x', 38);
      this.panels[side].setAttribute('y', above ? 30 : 248);
      this.panels[side].setAttribute('width', 924);
      this.panels[side].setAttribute('height', 204);
    });
    this.labels.textContent = '';
    for (let c = 0; c < 8; c++) {
      const p = this.place(c);
      for (const y of [22, 466]) {
        const t = el('text', { x: p.x + PIT_W / 2, y, 'text-anchor': 'middle' }, this.labels);
        t.textContent = COLUMNS[c];
      }
    }
    for (let r = 1; r <= 4; r++) {
      const p = this.place((r - 1) * 8);
      for (const x of [20, 982]) {
        const t = el('text', { x, y: p.y + PIT_H / 2 + 8, 'text-anchor': 'middle' }, this.labels);
        t.textContent = String(r);
      }
    }
    this.pits.forEach((pit, i) => {
      const p = this.place(i);
      pit.g.setAttribute('transform', `translate(${p.x} ${p.y})`);
    });
  }

  flip(flipped) {
    this.flipped = flipped;
    this.layout();
  }

  // Every pit answers: a legal one moves, any other is explained (by the
  // server, through `onPit`).
  tap(i) {
    if (this.onPit) this.onPit(pitName(i));
  }

  // Gives pit `i` the board's stop of Tab.
  hold(i) {
    if (i === this.stop) return;
    this.pits[this.stop].g.setAttribute('tabindex', '-1');
    this.stop = i;
    this.pits[i].g.setAttribute('tabindex', '0');
  }

  // Enter or Space activates a pit as a tap does; the arrows walk the board
  // as drawn (flipped or not) instead of the game's moves.
  key(i, e) {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); this.tap(i); return; }
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    const turn = this.flipped ? -1 : 1;
    const col = Math.max(0, Math.min(7, (i % 8) + step[0] * turn));
    const row = Math.max(0, Math.min(3, Math.floor(i / 8) + step[1] * turn));
    const next = row * 8 + col;
    this.hold(next);
    this.pits[next].g.focus();
  }

  setSeeds(i, n) {
    const pit = this.pits[i];
    pit.seeds = n;
    pit.count.textContent = String(n);
    pit.count.setAttribute('fill', n === 0 ? COLORS.zero[pit.side] : COLORS.number);
    pit.dots.textContent = '';
    for (const [dx, dy] of seedDots(n)) {
      el('circle', { cx: PIT_W / 2 + dx, cy: PIT_H / 2 + dy - 4, r: 5.5, fill: COLORS.seed }, pit.dots);
    }
    // Its name and its seeds, worded in the page's language when known.
    const seeds = (this.words.seeds && this.words.seeds[n]) || String(n);
    pit.g.setAttribute('aria-label', `${pitName(i)}: ${seeds}`);
  }

  // Draws `board` ({seeds, overture}), the marks of `report` (the move that
  // led to it) and `legal` pits (playable by tapping).
  draw(board, report, legal) {
    board.seeds.forEach((n, i) => this.setSeeds(i, n));
    const legalSet = new Set(legal || []);
    this.pits.forEach((pit, i) => {
      pit.marks.textContent = '';
      pit.legal = legalSet.has(pitName(i));
      pit.g.classList.toggle('legal', pit.legal);
      pit.g.setAttribute('aria-disabled', String(!pit.legal));
      if (pit.legal) {
        el('rect', { x: 3, y: 3, width: PIT_W - 6, height: PIT_H - 6, rx: 20, fill: 'none',
          stroke: COLORS.accent[pit.side], 'stroke-width': 3, class: 'legal-ring' }, pit.marks);
      }
    });
    // The stop of Tab on a legal pit when there is one, unless the viewer
    // is walking the board.
    const first = this.pits.findIndex((p) => p.legal);
    if (first >= 0 && !this.pits[this.stop].legal && !this.svg.contains(document.activeElement)) this.hold(first);
    // The overture's guarded column: South's h, North's a.
    (board.overture || []).forEach((on, side) => {
      if (!on) return;
      const col = side === 0 ? 7 : 0;
      for (const row of side === 0 ? [1, 2] : [3, 4]) {
        this.ring((row - 1) * 8 + col, COLORS.guard, 3, '8 6');
      }
    });
    if (report) this.markMove(report);
  }

  ring(i, color, width, dash, inset = 2) {
    el('rect', { x: inset, y: inset, width: PIT_W - 2 * inset, height: PIT_H - 2 * inset, rx: 22 - inset,
      fill: 'none', stroke: color, 'stroke-width': width, ...(dash ? { 'stroke-dasharray': dash } : {}) },
    this.pits[i].marks);
  }

  // The last move's marks, by shape as well as colour: a dashed ring where
  // it started, a double ring where it ended, a solid ring and a "−n"
  // badge on each pit it captured from.
  markMove(report) {
    const laps = report.laps || [];
    if (!laps.length) return;
    this.ring(pitIndex(report.mv), COLORS.from, 4, '10 6');
    const end = laps[laps.length - 1].end.pit;
    this.ring(pitIndex(end), COLORS.end, 3, null, 2);
    this.ring(pitIndex(end), COLORS.end, 2, null, 8);
    for (const lap of laps) {
      if (lap.end.kind !== 'capture') continue;
      for (const t of lap.end.taken) {
        if (!t.seeds) continue;
        const i = pitIndex(t.pit);
        this.ring(i, COLORS.taken, 4, null);
        const badge = el('g', { class: 'badge' }, this.pits[i].marks);
        el('rect', { x: PIT_W - 38, y: -10, width: 40, height: 24, rx: 12, fill: COLORS.taken }, badge);
        const txt = el('text', { x: PIT_W - 18, y: 7, 'text-anchor': 'middle', fill: '#fff' }, badge);
        txt.textContent = `−${t.seeds}`;
      }
    }
  }

  // Animates `report` from `before` (seeds per pit), one seed at a time,
  // `ms` per seed; resolves when done (or at once when `cancel()` is true).
  async animate(before, report, ms, cancel) {
    const seeds = before.seeds.slice();
    const show = () => seeds.forEach((n, i) => this.setSeeds(i, n));
    const wait = (t) => new Promise((r) => setTimeout(r, t));
    this.pits.forEach((p) => {
      p.marks.textContent = ''; p.g.classList.remove('legal'); p.legal = false;
      p.g.setAttribute('aria-disabled', 'true');
    });
    show();
    for (const lap of report.laps) {
      if (cancel()) return;
      if (lap.source.kind !== 'capture') {
        const from = pitIndex(lap.source.pit);
        seeds[from] = 0;
        this.flash(from, COLORS.from);
      }
      show();
      for (const pit of lap.sown) {
        if (cancel()) return;
        await wait(ms);
        seeds[pitIndex(pit)] += 1;
        this.setSeeds(pitIndex(pit), seeds[pitIndex(pit)]);
      }
      if (lap.end.kind === 'capture') {
        await wait(ms);
        for (const t of lap.end.taken) {
          seeds[pitIndex(t.pit)] = 0;
          this.flash(pitIndex(t.pit), COLORS.taken);
        }
        show();
      }
      await wait(ms);
    }
  }

  flash(i, color) {
    this.pits[i].marks.textContent = '';
    this.ring(i, color, 5, null);
  }
}
