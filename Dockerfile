# Parley's container image (README "Run with Docker").
#   docker build -t parley .                 the app (the code interpreter is off: no sandbox in the image)
#   docker build -t parley --target full .   with bubblewrap and Python's data stack for the code interpreter
# Works with BuildKit and with the classic builder (no build secrets, no cache mounts). Behind a TLS-inspecting
# proxy, put its CA certificate in docker/ca/*.crt: the build stages trust it, the image never contains it.
ARG BASE_IMAGE=node:20-bookworm-slim

# Package manifests only, so dependency layers are reused until a package.json or the lockfile changes.
FROM ${BASE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY server/package.json server/
COPY web/package.json web/
COPY fakes/package.json fakes/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY docker/ca/ docker/ca/
# npm trusts the proxy's CA when one was dropped in docker/ca (NODE_EXTRA_CA_CERTS adds to Node's own roots).
RUN printf '%s\n' '#!/bin/sh' \
      'if ls /src/docker/ca/*.crt >/dev/null 2>&1; then cat /src/docker/ca/*.crt > /tmp/build-ca.pem;' \
      '  export NODE_EXTRA_CA_CERTS=/tmp/build-ca.pem; fi' \
      'exec "$@"' > /usr/local/bin/with-build-ca \
 && chmod +x /usr/local/bin/with-build-ca

# Everything the web and server builds need, then the two bundles.
FROM manifests AS build
RUN with-build-ca npm ci --no-audit --no-fund -w @parley/shared -w @parley/web -w @parley/server
COPY tsconfig.base.json ./
COPY packages/shared/ packages/shared/
COPY web/ web/
COPY server/ server/
RUN npm run build -w @parley/web && npm run build -w @parley/server

# The server's production dependencies only (its bundle inlines our own packages).
FROM manifests AS deps
RUN with-build-ca npm ci --no-audit --no-fund --omit=dev -w @parley/server \
 && rm -rf /root/.npm

# The app: bundles, migrations, production node_modules; no compiler, no sources, no CA of the build.
FROM ${BASE_IMAGE} AS app
ENV NODE_ENV=production \
    PORT=3080 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    HOME=/app/data
WORKDIR /app
COPY --from=deps /src/package.json ./
COPY --from=deps /src/node_modules/ node_modules/
COPY --from=deps /src/packages/shared/package.json packages/shared/
COPY --from=build /src/server/package.json server/
COPY --from=build /src/server/dist/ server/dist/
COPY --from=build /src/server/drizzle/ server/drizzle/
COPY --from=build /src/web/dist/ web/dist/
# A fixed non-root account (no passwd entry needed); the data volume is its only writable place.
RUN mkdir -p /app/data /app/config && chown 10001:10001 /app/data
VOLUME /app/data
EXPOSE 3080
# The server looks for ./librechat.yaml here: mount yours at /app/config/librechat.yaml (read-only is fine).
WORKDIR /app/config
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself: replies in flight are saved, then it exits (compose adds `init`
# to reap the sandbox's processes).
STOPSIGNAL SIGTERM
USER 10001:10001
CMD ["node", "/app/server/dist/main.js"]

# Opt-in: the code interpreter's sandbox. It still needs user namespaces in the container (README).
FROM app AS full
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends bubblewrap python3 python3-numpy python3-pandas python3-matplotlib \
 && rm -rf /var/lib/apt/lists/*
USER 10001:10001

# The default target: the app as above.
FROM app AS runtime
