# Razzia Online: one image that serves the API, the sockets and the web client on one port.
# Build: docker build -t razzia-online .   Run: docker compose up (see docker-compose.yml)

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its addon when no prebuilt binary can be fetched
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10.34.9
WORKDIR /src
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json tsconfig.base.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/games/razzia/package.json packages/games/razzia/
COPY packages/games/razzia-dorra/package.json packages/games/razzia-dorra/
COPY packages/games/robbery/package.json packages/games/robbery/
COPY packages/protocol/package.json packages/protocol/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN pnpm install --frozen-lockfile
COPY packages packages
COPY apps apps
RUN pnpm --filter @razzia/web build
# The server with its production dependencies only (the engine and protocol come along as workspace packages).
RUN pnpm --filter @razzia/server deploy --prod --legacy /deploy

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data WEB_BUILD_DIR=/app/web LOG_LEVEL=info
WORKDIR /app/server
COPY --from=build --chown=node:node /deploy /app/server
COPY --from=build --chown=node:node /src/apps/web/build /app/web
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains gracefully: clients are told why and reconnect to the new container.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/main.ts"]
