// Takebacks on the page: a player of a friendly game asks to take back
// their last move, the opponent accepts or declines. The server says
// whether the game allows it and who asks; this only shows its buttons
// and sends the choice (a refusal comes back in the server's words).

const $ = (id) => document.getElementById(id);

// Shows the takeback controls for `g` as seen by the player of side `mine`
// (0 South, 1 North, null a watcher); `send(action)` posts the choice.
export function showTakeback(g, mine, label, send) {
  const box = $('takeback');
  const player = g.live && g.takeback_allowed && mine !== null;
  box.hidden = !player;
  if (!player) return;
  const me = mine === 0 ? 'south' : 'north';
  const asking = g.takeback === me;
  const asked = g.takeback !== null && g.takeback !== undefined && !asking;
  $('takeback-text').textContent = asking ? label('web-takeback-waiting')
    : asked ? label('web-takeback-asked') : '';
  $('takeback-text').hidden = !asking && !asked;
  const ask = $('takeback-ask');
  ask.textContent = label('web-takeback');
  ask.hidden = asking || asked || g.plies.length === 0;
  for (const [id, action, key] of [['takeback-accept', 'accept', 'web-takeback-accept'],
    ['takeback-decline', 'decline', 'web-takeback-decline']]) {
    const b = $(id);
    b.textContent = label(key);
    b.hidden = !asked;
    b.onclick = () => send(action);
  }
  ask.onclick = () => send('ask');
}
