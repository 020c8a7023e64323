// The operator's surfaces: `GET /healthz` tells anyone whether this process is up and ready (nothing that names a
// table or a person), and with the operator token (OPERATOR_TOKEN, as `Authorization: Bearer …`) the detail — the
// tables and leases it holds, their epochs, the cluster's members, memory; `GET /metrics` needs the token. A private
// table is reachable only by its id: no answer to someone without the token may name one.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The shortest operator token accepted: a guessable one would open what it guards. */
export const MIN_OPERATOR_TOKEN = 16;

export interface OperatorRoutes {
  /** OPERATOR_TOKEN; absent: the detail and the metrics are served to nobody. */
  readonly token?: string;
  /** Whether this process takes new connections (a cluster process draining its tables does not). */
  readonly ready: () => boolean;
  /** Everything the operator may see of this process. */
  readonly detail: () => Record<string, unknown>;
  readonly metrics: { readonly contentType: string; text(): Promise<string> };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** 'operator' with the right token, 'refused' with any other, 'anyone' without one. Compared in constant time. */
export function operatorCheck(token: string | undefined): (req: FastifyRequest) => 'operator' | 'anyone' | 'refused' {
  const expected = token === undefined ? null : digest(token);
  return (req) => {
    const header = req.headers.authorization;
    if (header === undefined) return 'anyone';
    const given = /^Bearer (.+)$/.exec(header)?.[1];
    if (expected === null || given === undefined) return 'refused';
    return timingSafeEqual(digest(given), expected) ? 'operator' : 'refused';
  };
}

export function registerOperatorRoutes(app: FastifyInstance, options: OperatorRoutes): void {
  const who = operatorCheck(options.token);
  const refuse = (reply: FastifyReply, what: string) =>
    reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="operator"')
      .send({
        error: {
          code: 'unknown-token',
          message: options.token === undefined ? `${what} is for the operator: set OPERATOR_TOKEN on the server, then send it as Authorization: Bearer <token>` : `${what} is for the operator: send Authorization: Bearer <OPERATOR_TOKEN>`,
        },
      });

  // For a load balancer or a container's health check: up (200) and ready, or draining (503: send new connections
  // elsewhere). Nothing else without the token.
  app.get('/healthz', async (req, reply) => {
    const caller = who(req);
    if (caller === 'refused') return refuse(reply, 'the detail of /healthz');
    const ready = options.ready();
    reply.code(ready ? 200 : 503);
    if (caller === 'anyone') return { status: ready ? 'ok' : 'draining' };
    return { status: ready ? 'ok' : 'draining', ...options.detail() };
  });

  // Prometheus text format, per process (scrape each process, not through the proxy).
  app.get('/metrics', async (req, reply) => {
    if (who(req) !== 'operator') return refuse(reply, '/metrics');
    return reply.type(options.metrics.contentType).send(await options.metrics.text());
  });
}
