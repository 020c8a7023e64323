// A push service on 127.0.0.1 for tests, over https (a certificate of its own, for localhost, 127.0.0.1 and
// push.test, that the tests' servers trust: `PushService.endpoints`): it hands out subscriptions as a browser would (each device its own P-256
// key pair and authentication secret), receives what the server pushes to them, checks the VAPID signature and
// decrypts each message as the browser would (RFC 8291 over RFC 8188's aes128gcm: ECDH, HKDF, AES-128-GCM, here
// with node:crypto alone, none of web-push's code), and answers with the status a test asks for.

import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:https';
import { PushPayloadSchema, type PushPayload } from '@razzia/protocol';
import type { EndpointPolicy } from '../../src/push/endpoint.ts';

const CERT = readFileSync(new URL('push-service-cert.pem', import.meta.url), 'utf8');
const KEY = readFileSync(new URL('push-service-key.pem', import.meta.url), 'utf8');

export interface Received {
  readonly device: string;
  readonly payload: PushPayload;
  readonly headers: Record<string, string | string[] | undefined>;
}

interface Device {
  readonly ecdh: ECDH;
  readonly auth: Buffer;
  /** What the push service answers for this device (201 Created; 404/410 for a gone subscription; a redirect). */
  status: number;
  /** With a redirect's status: where it sends the push. */
  location?: string;
}

/** A browser's keys for a subscription: its P-256 public key and authentication secret, base64url. */
export function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

export class PushService {
  /** How a test server reaches this push service: on this machine, trusting its certificate. */
  static readonly endpoints: EndpointPolicy = { allowLocal: true, ca: CERT };

  readonly received: Received[] = [];
  /** Every request that reached this service, pushes or not (path and method). */
  readonly requests: string[] = [];
  /** Pushes that failed a check (signature, encryption, payload schema): a test expects none. */
  readonly errors: string[] = [];
  private readonly devices = new Map<string, Device>();
  private waiters: { pred: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  /** The server's VAPID public key the signatures must verify with (set by the test). */
  vapidKey: string | null = null;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushService> {
    let service: PushService | undefined;
    const server = createServer({ cert: CERT, key: KEY }, (req, res) => {
      (service as PushService).requests.push(`${req.method} ${req.url}`);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const self = service as PushService;
        let status: number;
        try {
          status = self.receive(req.url ?? '', req.headers, Buffer.concat(chunks));
        } catch (e) {
          // What a browser could not read: the test fails on it (errors), the server hears a 400.
          self.errors.push(e instanceof Error ? e.message : String(e));
          status = 400;
        }
        const location = self.devices.get(/^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '')?.location;
        res.writeHead(status, location && status >= 300 && status < 400 ? { location } : {}).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    service = new PushService(server, `https://127.0.0.1:${port}`);
    return service;
  }

  /** A browser's subscription (what PushSubscription.toJSON() gives) for a new device; `host`: the name its endpoint
   * gives this service (one a test's resolver maps to 127.0.0.1), instead of its address. */
  subscribe(device: string, host?: string): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(device, { ecdh, auth, status: 201 });
    const origin = host === undefined ? this.origin : `https://${host}:${new URL(this.origin).port}`;
    return { endpoint: `${origin}/push/${device}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }

  /** What this device's push endpoint answers from now on (a redirect's status: to `location`). */
  answer(device: string, status: number, location?: string): void {
    const d = this.devices.get(device) as Device;
    d.status = status;
    d.location = location;
  }

  of(device: string): Received[] {
    return this.received.filter((r) => r.device === device);
  }

  /** The first push (already received or still to come) that matches. */
  next(pred: (r: Received) => boolean, from = 0): Promise<Received> {
    const seen = this.received.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  private receive(url: string, headers: Record<string, string | string[] | undefined>, body: Buffer): number {
    const name = /^\/push\/([\w-]+)$/.exec(url)?.[1];
    const device = name === undefined ? undefined : this.devices.get(name);
    if (!name || !device) return 404;
    if (device.status >= 400) return device.status;
    this.checkVapid(String(headers.authorization ?? ''), `https://${String(headers.host)}`);
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error(`a push encoded ${String(headers['content-encoding'])}`);
    const payload = PushPayloadSchema.parse(JSON.parse(decrypt(device, body).toString('utf8')));
    const received: Received = { device: name, payload, headers };
    this.received.push(received);
    this.waiters = this.waiters.filter((w) => {
      if (!w.pred(received)) return true;
      w.resolve(received);
      return false;
    });
    return device.status;
  }

  /** `vapid t=<JWT signed ES256>, k=<public key>`: signed by the server's key, for the origin it was sent to. */
  private checkVapid(authorization: string, origin: string): void {
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
    if (!match) throw new Error(`a push without VAPID: ${authorization}`);
    const [, header, claims, signature, key] = match as unknown as [string, string, string, string, string];
    if (this.vapidKey !== null && key !== this.vapidKey) throw new Error('a push signed with another key than the server publishes');
    const raw = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
    const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) throw new Error('a push whose VAPID signature does not verify');
    const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number };
    if (aud !== origin) throw new Error(`a push for audience ${aud}, not ${origin}`);
    if (!(exp > 0)) throw new Error('a VAPID claim without an expiry');
  }

  async close(): Promise<void> {
    await new Promise((r) => this.server.close(r));
  }
}

/** RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm content coding, as a browser decrypts. */
function decrypt(device: Device, body: Buffer): Buffer {
  // The header: salt (16), record size (4), key id length (1), key id (the server's ephemeral public key).
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // One record, the last: the content, then the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('a push record without the last record’s delimiter');
  return padded.subarray(0, end);
}
