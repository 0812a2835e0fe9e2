# nyanhall as a container: built and unit-tested on Debian 12, run on debian:bookworm-slim as an
# unprivileged user with the journal on the /data volume.
#
#   docker build -t nyanhall .        (podman: podman build --format docker -t nyanhall .)
#   docker run -d --name nyanhall -p 8080:8080 -v nyanhall-data:/data nyanhall
#
# Settings are NYANHALL_* environment variables (or flags after the image name); set the port
# with NYANHALL_PORT so the HEALTHCHECK asks the same port.

FROM debian:bookworm AS build
WORKDIR /src
COPY deploy/install-deps.sh deploy/
RUN deploy/install-deps.sh && rm -rf /var/lib/apt/lists/*
COPY . .
# The unit and server tests run here. The deployment tests (label cluster: HAProxy, yamllint)
# and the browser tests (registered only where node is installed) run in `make test` instead.
# ccache keeps its objects in a build cache between image builds.
RUN --mount=type=cache,target=/root/.cache/ccache \
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DNYAN_WERROR=ON \
 && cmake --build build -j"$(nproc)" \
 && (cd build && ctest --output-on-failure -j"$(nproc)" -LE cluster)
# The browser client: its built output if it has a build step, else the folder as it is.
RUN install -D -m 755 -s build/server/nyanhall /out/bin/nyanhall \
 && mkdir -p /out/web \
 && if [ -f clients/web/dist/index.html ]; then cp -R clients/web/dist/. /out/web/; \
    elif [ -d clients/web ]; then cp -R clients/web/. /out/web/; fi

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libssl3 libsqlite3-0 libspdlog1.10 libfmt9 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin nyanhall \
 && install -d -o nyanhall -g nyanhall -m 750 /data
COPY --from=build /out/bin/nyanhall /usr/local/bin/nyanhall
# Named by NYANHALL_WEB_ROOT: the server started from PATH as `nyanhall` does not know its own
# directory. Empty if the sources had no browser client.
COPY --from=build /out/web /usr/local/share/nyanhall/web
ENV NYANHALL_BIND=0.0.0.0 \
    NYANHALL_PORT=8080 \
    NYANHALL_DATA_DIR=/data \
    NYANHALL_WEB_ROOT=/usr/local/share/nyanhall/web
USER 10001:10001
WORKDIR /data
VOLUME /data
EXPOSE 8080
# The binary checks itself: GET /healthz on its own port over loopback, no curl needed.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["nyanhall", "--healthcheck"]
# Exec form: the server is PID 1 and gets SIGTERM itself; it stops accepting, closes every
# WebSocket with 1001 within --drain-ms (5 s), flushes the journal and exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["nyanhall"]
