# syntax=docker/dockerfile:1
# One image for all five functions (docs/install.md, "Image"):
#
#   docker build -t <registry>/aim-engine-functions:<tag> .
#
# The function is chosen when the container starts: AIM_FUNCTION=<name> (what the Knative
# Services and func.yaml set) or the first argument. It listens on 0.0.0.0:8080 (FUNC_HOST,
# FUNC_PORT / PORT) and serves the CloudEvent handler, /health/{liveness,readiness} and /metrics.

# ---- build: compile TypeScript with the full dependency tree ----
FROM node:24 AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# tsconfig.build.json compiles the product only: functions/ and shared/ (never local/ or test/).
COPY tsconfig.json tsconfig.build.json ./
COPY functions ./functions
COPY shared ./shared
RUN npm run build \
  # faas-js-runtime reads each function's func.yaml (its name, for metrics) next to the module.
  && for dir in functions/*/; do \
       if [ -f "${dir}func.yaml" ]; then cp "${dir}func.yaml" "dist/${dir}func.yaml"; fi; \
     done

# ---- runtime: production dependencies and the compiled functions only ----
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    FUNC_HOST=0.0.0.0 \
    FUNC_PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
# No dependency of the runtime has an install script (the pinned `node` package is a dev one).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/functions ./dist/functions
COPY --from=build /app/dist/shared ./dist/shared
# The image's `node` user, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 8080
# V8 flags: shared/runtime/node-flags.ts (a test keeps the two in step).
ENTRYPOINT ["node", "--max-semi-space-size=2", "dist/functions/main.js"]
