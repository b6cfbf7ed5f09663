# syntax=docker/dockerfile:1
# The site's container image, built from the same release an operator installs by hand
# (issue 21 §5, ADR 244): the build stage runs `npm run release`; the runtime stage installs that
# release with production dependencies only and starts it, with the commands of
# scripts/release.js (RELEASE_COMMANDS). tests/unit/dockerfile.test.ts checks that they match:
# no container runtime runs on the CI machine, so this file itself is not built there.

# --- build: the whole repository, dev dependencies included, and the release folder ------------
FROM node:22-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run release -- --out /release --no-tarball && mv /release/sindicato-* /release/app

# --- runtime: the release, production dependencies only, as a user without privileges ----------
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /release/app ./
RUN npm ci --omit=dev && npm cache clean --force
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["npm", "run", "start:prod"]
