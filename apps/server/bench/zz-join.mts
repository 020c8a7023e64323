// zz: sequential joins on an idle server, ours vs bare, p50 per step
import { spawn } from 'node:child_process';
import { startServer, stopServer, percentile } from './load.ts';
import { RazziaPlayers, connect } from './audience/players.ts';
import { RawSocket, monotonicMs } from './audience/wire.ts';
import { MESSAGE_EVENT } from '@razzia/protocol';

const N = Number(process.env.N ?? 1500);
async function joins(url: string, table: string) {
  const conn: number[] = [], all: number[] = [];
  const keep: RawSocket[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = monotonicMs();
    const s = new RawSocket(url);
    keep.push(s);
    await new Promise<void>((res, rej) => { s.onConnect = () => res(); s.onConnectError = rej; });
    const t1 = monotonicMs();
    await s.emitWithAck(MESSAGE_EVENT, { type: 'watch', table }, 10000);
    const t2 = monotonicMs();
    conn.push(t1 - t0); all.push(t2 - t0);
  }
  for (const s of keep) s.disconnect();
  const q = (xs: number[], p: number) => percentile([...xs].sort((a, b) => a - b), p).toFixed(3);
  return `connect p50 ${q(conn, 50)} p90 ${q(conn, 90)}; join p50 ${q(all, 50)} p90 ${q(all, 90)}`;
}
const { child, url } = await startServer({}, []);
const players = new RazziaPlayers(url, 450);
await players.open();
const rec = await connect(url);
let snap: unknown;
rec.on(MESSAGE_EVENT, (m: { type: string }) => { if (m.type === 'snapshot') snap = m; });
await new Promise((r) => rec.emit(MESSAGE_EVENT, { type: 'watch', table: players.id }, r));
const bare = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/audience/bare.ts'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const port = await new Promise<number>((r) => bare.once('message', (m: { port: number }) => r(m.port)));
bare.send({ type: 'snapshot', message: snap });
for (let round = 0; round < 3; round++) {
  console.log('ours', await joins(url, players.id));
  console.log('bare', await joins(`http://127.0.0.1:${port}`, 'bare'));
}
bare.kill(); rec.disconnect(); players.close?.(); await stopServer(child); process.exit(0);
