# nyanhall as a container: built on Debian 12, run FROM scratch with only what the server loads
# (deploy/image-root.sh: the binary, its shared libraries from Debian's packages, a user and
# group nyanhall 10001:10001, /data, /tmp and the browser client), as that user, with the
# journal on the /data volume.
#
#   docker build -t nyanhall .                    (podman: podman build --format docker --layers=false -t nyanhall .)
#   docker run -d --name nyanhall -p 8080:8080 -v nyanhall-data:/data nyanhall
#   docker build --target test .                  builds everything and runs the unit and server tests
#
# Settings are NYANHALL_* environment variables or flags after the image name; the HEALTHCHECK
# finds the port either way (the server writes it to NYANHALL_PORT_FILE).
#
# TLS on the same port: mount the certificate and key read-only and name them, e.g.
#   docker run ... -v /srv/nyanhall-tls:/tls:ro
#     -e NYANHALL_TLS_CERT=/tls/fullchain.pem -e NYANHALL_TLS_KEY=/tls/privkey.pem nyanhall
# (the key readable by 10001); `docker kill -s HUP` reloads them. The port file then says https
# and the HEALTHCHECK asks over TLS. deploy/README.md ("TLS") compares TLS at a proxy.

FROM debian:bookworm AS build
WORKDIR /src
COPY deploy/install-deps.sh deploy/
RUN deploy/install-deps.sh && rm -rf /var/lib/apt/lists/*
COPY . .
# ccache keeps its objects in a build cache between image builds. Precompiled headers need
# these two sloppiness settings for ccache to cache their users.
ENV CCACHE_DIR=/root/.cache/ccache CCACHE_SLOPPINESS=pch_defines,time_macros
# Only the server: the tests are the `test` stage's.
RUN --mount=type=cache,target=/root/.cache/ccache \
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DNYAN_WERROR=ON \
 && cmake --build build -j"$(nproc)" --target nyanhall \
 && deploy/image-root.sh build/server/nyanhall clients/web /out

# `docker build --target test .`: the unit and server tests. The deployment tests (label
# cluster: HAProxy, yamllint) and the browser tests (registered only where node is installed)
# run in `make test` instead.
FROM build AS test
RUN --mount=type=cache,target=/root/.cache/ccache \
    cmake --build build -j"$(nproc)" \
 && cd build && ctest --output-on-failure -j"$(nproc)" -LE cluster

FROM scratch
COPY --from=build /out/root/ /
COPY --from=build --chown=10001:10001 /out/data/ /data/
ENV PATH=/usr/local/bin \
    NYANHALL_BIND=0.0.0.0 \
    NYANHALL_PORT=8080 \
    NYANHALL_PORT_FILE=/tmp/nyanhall.port \
    NYANHALL_DATA_DIR=/data \
    NYANHALL_WEB_ROOT=/usr/local/share/nyanhall/web
USER 10001:10001
WORKDIR /data
VOLUME /data
EXPOSE 8080
# The binary checks itself: GET /healthz on the address and port the running server wrote to
# NYANHALL_PORT_FILE (so `--port 9000` after the image name is checked on 9000), no curl needed.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["nyanhall", "--healthcheck"]
# Exec form: the server is PID 1 and gets SIGTERM itself; it stops accepting, closes every
# WebSocket with 1001 within --drain-ms (5 s), flushes the journal and exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["nyanhall"]
