// A table for scripts/check-container.sh, over the server's public API and a real websocket (docs/protocol.md).
//
//   node scripts/check-container-table.mjs open <origin> <game> <bot,bot,...>
//       opens a table with one seat per bot, seats the bots, starts it and prints its id
//   node scripts/check-container-table.mjs follow <origin> <id> [--entries N] [--kept-from SEQ] [--timeout S]
//       watches it as a spectator (reconnecting as a client does) until it is over, or until N more log entries
//       arrived; --kept-from: the first snapshot must reach at least SEQ (a restart or takeover lost nothing).
//       Prints `seq <n> <status>` at the end.
//
// socket.io-client comes from the server's dev dependencies (install the workspace first).

import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { io } = await import(require.resolve('socket.io-client'));

const [command, origin, ...rest] = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = rest.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(rest[i + 1]);
};
const fail = (message) => {
  console.error(`check-container-table: ${message}`);
  process.exit(1);
};

function connect(token) {
  return io(origin, { transports: ['websocket'], auth: token ? { token } : {}, reconnectionDelayMax: 1000 });
}

async function send(socket, message) {
  const reply = await socket.timeout(10_000).emitWithAck('msg', message);
  if (!reply.ok) fail(`${message.type} refused: ${reply.error.code} ${reply.error.message}`);
  return reply;
}

async function open(game, bots) {
  const response = await fetch(`${origin}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, name: 'Container check', players: bots.length, visibility: 'private', clock: null }),
  });
  const body = await response.json();
  if (response.status !== 201) fail(`POST /api/tables: ${response.status} ${JSON.stringify(body)}`);
  const socket = connect(body.token);
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await send(socket, { type: 'watch', table: body.table.id });
  for (const bot of bots) await send(socket, { type: 'add-bot', table: body.table.id, bot });
  await send(socket, { type: 'start', table: body.table.id });
  socket.close();
  console.log(body.table.id);
}

function follow(table, { entries, keptFrom, timeoutS }) {
  return new Promise((resolve) => {
    const socket = connect(null);
    let seq = null;
    let first = null;
    let status = null;
    const done = (ok, why) => {
      socket.close();
      if (!ok) fail(`${why} (table ${table} at seq ${seq}, ${status})`);
      console.log(`seq ${seq} ${status}`);
      resolve();
    };
    const timer = setTimeout(() => done(false, `no end within ${timeoutS} s`), timeoutS * 1000);
    const settle = () => {
      if (status === 'over' || (entries !== undefined && first !== null && seq - first >= entries)) {
        clearTimeout(timer);
        done(true);
      }
    };
    // From the start, or from the newest entry held: after a reconnect (a restart, a takeover) or a gap.
    const watch = () =>
      socket.emit('msg', seq === null ? { type: 'watch', table } : { type: 'watch', table, since: seq }, (reply) => {
        if (!reply.ok) done(false, `watch refused: ${reply.error.code}`);
      });
    socket.on('connect', watch);
    socket.on('msg', (message) => {
      if (message.type === 'snapshot' && message.snapshot.table.id === table) {
        const snapshot = message.snapshot;
        if (first === null) {
          first = snapshot.seq;
          if (keptFrom !== undefined && snapshot.seq < keptFrom) done(false, `the table came back at seq ${snapshot.seq}, before ${keptFrom}`);
        }
        seq = snapshot.seq;
        status = snapshot.table.status;
        settle();
      } else if (message.type === 'update' && message.table === table) {
        if (seq !== null && message.entries.length > 0 && message.entries[0].seq !== seq + 1) return watch();
        seq = message.seq;
        if (message.info) status = message.info.status;
        settle();
      }
    });
  });
}

if (command === 'open') await open(rest[0], rest[1].split(','));
else if (command === 'follow')
  await follow(rest[0], { entries: flag('entries', undefined), keptFrom: flag('kept-from', undefined), timeoutS: flag('timeout', 120) });
else fail('usage: open <origin> <game> <bots> | follow <origin> <id> [--entries N] [--kept-from SEQ] [--timeout S]');
process.exit(0);
