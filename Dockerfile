# syntax=docker/dockerfile:1

# Build: install every dependency (native ones compile here if no prebuilt binary fits), build the
# client and server bundles, then drop the development dependencies.
FROM node:24-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# better-sqlite3 12 built against the headers of Node 24.19 or later aborts the process whenever the
# GC finalizes one of its statements (Node's ObjectWrap cleanup hook, nodejs/node#65446): its install
# takes the prebuilt binary made against 24.0.0's headers, or compiles against those, never the
# image's own. Node 24 keeps one ABI, so that binary runs on every 24.x. docs/decisions/0031-sqlite-on-node-24.md
ENV npm_config_target=24.0.0
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The server bundle holds every dependency but its externals (native addons, a worker's module):
# the runtime's node_modules is those and what they require, 31 MB (docs/decisions/0054-a-bundled-server.md).
RUN npm run build && node scripts/build/runtime-modules.mjs /app/runtime-modules

# Runtime: the production bundle, its dependencies, the UI strings and the seed content; no compiler,
# no sources, not root. One image, two roles: the site (the default command; it starts the built-in
# content API inside itself unless UPSTREAM_URL is set) and the content API alone for several site
# replicas (`node dist/server/cms.js`, port CMS_PORT or 3001; compose.yaml runs both).
FROM node:24-slim AS runtime
# MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_ and NODE_OPTIONS: the runtime of scripts/runtime-env.mjs
# (docs/decisions/0022-memory.md, 0032-gc-on-node-24.md, 0034-uploads-under-attack.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=16384 \
    NODE_OPTIONS="--max-old-space-size=128 --max-semi-space-size=8" \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
# `npm run staff -- invite …`, `npm run backup` and `npm run content:export` start the built dist/server/staff.js and content.js through these.
COPY --from=build /app/scripts/start.mjs /app/scripts/runtime-env.mjs ./scripts/
COPY --from=build /app/runtime-modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/locales ./locales
COPY --from=build /app/content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000 3001
STOPSIGNAL SIGTERM
# Either role: the site's /healthz on PORT, else the content API's on CMS_PORT (or 3001). In the site's
# container nothing answers there unless the process is alive (its built-in content API runs inside it).
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const alive = (port) => fetch('http://127.0.0.1:' + port + '/healthz').then((r) => { if (!r.ok) throw new Error(String(r.status)); }); alive(process.env.PORT || 3000).catch(() => alive(process.env.CMS_PORT || 3001)).then(() => process.exit(0), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
