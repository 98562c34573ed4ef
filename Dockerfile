# syntax=docker/dockerfile:1
# GlowBook: the built server and client in one image. See docs/operations.md.
#   docker build -t glowbook .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... glowbook
# Without DATABASE_URL it runs on the embedded database in the /data volume (one process, demos).

ARG NODE_VERSION=22

# 1. Dependencies, with the dev tools the build needs.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. The build (client bundle, compiled server and migrations, the embedded database template),
#    then only the runtime dependencies are kept.
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# 3. What runs: no compilers, no sources, not root.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The image's unprivileged user owns only the data directory (embedded database, disk uploads, mail drop).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# 200 once the database answers; 503 while it cannot be reached (a restart, a fail-over).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests and jobs, then exits 0 (src/server/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/src/server/main.js"]
