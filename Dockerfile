# The portal's image: one Node 24 process serving the API and the built web app (decision 0013).
# Build: docker build -t akun-portal .   Run: see deploy/compose.yaml and deploy/k8s/.

# 1. Dependencies and the web build, with every tool the build needs.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace apps/web

# 2. What runs: the same tree without the web sources' build cache, as an unprivileged user.
# The API runs its TypeScript through tsx (decision 0008), so the dependencies stay whole.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# The root file system can be read-only: nothing is written outside /tmp (tsx's cache).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tsx itself, not npm: npm would write its logs and cache under the read-only home.
CMD ["node_modules/.bin/tsx", "apps/api/src/server.ts"]
