# syntax=docker/dockerfile:1
# AquaDesk: one image serves the web app and the API on one port (docs/deploy.md). Node 24, the
# current LTS, on Debian 13 (ADR 032: 22.12 and 24 are supported).
# Not built on the development machines (no Docker there); CI builds the same production bundle
# with `npm run build`, and the runtime stage runs exactly what `npm run serve` runs.

# ---- build: all dependencies, then the web bundle (dist/web) and the compiled server (dist/server) ----
FROM node:24-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# A lockfile written where the registry serves only linux-x64 binaries lacks the other platforms'
# optional packages, and `npm ci` refuses it; `npm install` then installs the same locked versions.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies only, non-root ----
FROM node:24-trixie-slim AS runtime
# pg_dump for `npm run backup` and the daily backup on PostgreSQL (ADR 033): Debian 13's client is
# PostgreSQL 17, which dumps servers 9.2-17 (compose.yaml's db is 16). Not built here (no Docker).
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
# DEMO=off: the image is for real use (the demo tour is `npm start`); set ADMIN_EMAIL and
# ADMIN_PASSWORD for the first Super Admin. MALLOC_ARENA_MAX=2: glibc keeps freed picture memory
# per thread arena; two arenas keep the RSS growth of image work low (security.md R15).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    DEMO=off \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) \
    && npm cache clean --force
# Compiled JavaScript only (ADR 013): dist/server holds main.js, backup.js, restore.js and
# migrate-to-postgres.js (`npm run backup` / `restore` / `migrate-to-postgres`) and the
# migrations; no TypeScript and no tsx at run time.
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/web ./dist/web
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database, the photos of STORAGE_DRIVER=fs and the generated signing key.
VOLUME ["/data"]
EXPOSE 3000
# Liveness only; load balancers should route on GET /api/ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: stop accepting, finish requests in flight (SHUTDOWN_TIMEOUT_MS), end SSE streams, close the database.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
