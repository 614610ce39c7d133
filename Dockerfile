# syntax=docker/dockerfile:1
# One image for all five functions (docs/install.md, "Image"):
#
#   docker build -t <registry>/aim-engine-functions:<tag> .
#
# The function is chosen when the container starts: AIM_FUNCTION=<name> (what the Knative
# Services and func.yaml set) or the first argument. It listens on 0.0.0.0:8080 (FUNC_HOST,
# FUNC_PORT / PORT) and serves the CloudEvent handler, /health/{liveness,readiness} and /metrics.

# ---- build: bundle the functions with the full dependency tree ----
FROM node:24 AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# The bundle is made from the product only: functions/ and shared/ (never local/ or test/), by
# scripts/build-functions.ts, which also lays each function's func.yaml beside it.
COPY tsconfig.json ./
COPY functions ./functions
COPY shared ./shared
COPY scripts/build-functions.ts ./scripts/build-functions.ts
COPY scripts/build ./scripts/build
RUN npm run build

# ---- runtime: the bundled functions, and the production dependencies the bundle leaves out ----
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    FUNC_HOST=0.0.0.0 \
    FUNC_PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
# No dependency of the runtime has an install script (the pinned `node` package is a dev one).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/functions ./dist/functions
# Node's compile cache, carried in the image and only read at run time (the root filesystem is
# read-only): each cold start skips compiling the bundle (~40 ms). Node keys the cache by user id
# and V8 by flags, so it is written by the user and with the flags that run the functions.
ENV NODE_COMPILE_CACHE=/app/compile-cache
RUN mkdir -p /app/compile-cache && chown 1000:1000 /app/compile-cache
# The image's `node` user, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
RUN for name in model-inspect template-discover service-resolve cache-manage isvc-render; do \
      node --max-semi-space-size=2 --heap-growing-percent=25 --no-concurrent-recompilation dist/functions/main.js "$name" --load-only; \
    done
EXPOSE 8080
# V8 flags: shared/runtime/node-flags.ts (a test keeps the two in step).
ENTRYPOINT ["node", "--max-semi-space-size=2", "--heap-growing-percent=25", "--no-concurrent-recompilation", "dist/functions/main.js"]
