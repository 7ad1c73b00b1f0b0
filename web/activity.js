// Inside Discord: the Embedded App SDK's handshake, sign-in through the
// SDK (the code is exchanged on the bot's server, never here), then the
// game of the channel the Activity was launched in. Every request goes
// through the URL mapping's /.proxy path.

import { DiscordSDK } from './discord-sdk.js';

export async function start(app, { open, signedIn }) {
  app.base = '/.proxy';
  const clientId = document.body.dataset.clientId;
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const r = await fetch('/.proxy/api/activity/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  const signed = await r.json();
  if (!r.ok) throw new Error(signed.error || `${r.status}`);
  await sdk.commands.authenticate({ access_token: signed.access_token });
  app.bearer = signed.session;
  await signedIn();
  const where = await fetch(`/.proxy/api/activity/game?channel_id=${encodeURIComponent(sdk.channelId)}`, {
    headers: { Authorization: `Bearer ${signed.session}` },
  });
  const game = await where.json();
  if (!where.ok) throw new Error(game.error || `${where.status}`);
  await open(game.channel, game.game);
}
