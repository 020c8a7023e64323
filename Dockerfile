# Razzia Online: one image that serves the API, the sockets and the web client on one port.
# Build: docker build -t razzia-online .   Run: docker compose up (see docker-compose.yml)
# Checked by scripts/check-container.sh (build, start, a game, restart, stop, the cluster profile).

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its addon when no prebuilt binary can be fetched
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10.34.9
WORKDIR /src
# Every workspace project's package.json (apps/server/test/compiled.test.ts checks none is missing), so the
# install layer is rebuilt only when dependencies change.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json tsconfig.base.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/protocol/package.json packages/protocol/
COPY packages/bots/package.json packages/bots/
COPY packages/games/razzia/package.json packages/games/razzia/
COPY packages/games/razzia-dorra/package.json packages/games/razzia-dorra/
COPY packages/games/robbery/package.json packages/games/robbery/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN pnpm install --frozen-lockfile
COPY packages packages
COPY apps apps
COPY scripts/release.mjs scripts/
# The commit built (.git is not copied in): `docker build --build-arg RAZZIA_COMMIT=$(git rev-parse HEAD) .`, or
# compose with RAZZIA_COMMIT set in its environment. The release's version comes from package.json.
ARG RAZZIA_COMMIT=unknown
# The web client (SvelteKit's adapter-node output) and the server compiled to plain JavaScript: one bundle, its
# thinking worker and better-sqlite3's addon in apps/server/dist (apps/server/scripts/build.mjs). Both carry the
# release and commit (scripts/release.mjs): /healthz, /metrics, the start-up line and the client's version.
RUN RAZZIA_COMMIT=$RAZZIA_COMMIT pnpm --filter @razzia/web build && RAZZIA_COMMIT=$RAZZIA_COMMIT pnpm --filter @razzia/server build

FROM node:20-bookworm-slim
# The release (keep RAZZIA_VERSION at package.json's version: apps/server/test/compiled.test.ts checks) and commit, as
# the OCI labels `docker inspect` and registries show.
ARG RAZZIA_VERSION=0.2.0
ARG RAZZIA_COMMIT=unknown
LABEL org.opencontainers.image.title="Razzia Online" \
      org.opencontainers.image.version=$RAZZIA_VERSION \
      org.opencontainers.image.revision=$RAZZIA_COMMIT
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data WEB_BUILD_DIR=/app/web/build LOG_LEVEL=info
WORKDIR /app
# Only what runs: no TypeScript, tsx, esbuild or pnpm. Owned by root, so the server cannot change its own code.
COPY --from=build /src/apps/server/dist /app/server
# The web client with its package.json, whose "type": "module" makes Node load handler.js as an ES module.
COPY --from=build /src/apps/web/package.json /app/web/package.json
COPY --from=build /src/apps/web/build /app/web/build
# The database's directory belongs to the unprivileged `node` user (uid 1000). A new named volume mounted here
# starts as a copy of it, owned by node (docker-compose.yml); a bind mount must be writable by uid 1000.
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains gracefully: clients are told why and reconnect to the new container.
STOPSIGNAL SIGTERM
CMD ["node", "/app/server/main.js"]
