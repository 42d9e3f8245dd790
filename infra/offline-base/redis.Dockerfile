# Stand-in for redis:7-alpine: Redis 7 from Debian bookworm. Like the official image, a bare
# `redis-server ...` command listens on every interface with protected mode off (the container's
# network is the boundary), keeps its files in /data and runs as the redis user.
ARG BASE
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
WORKDIR /data
VOLUME /data
EXPOSE 6379
ENTRYPOINT ["sh", "/usr/local/bin/docker-entrypoint.sh"]
CMD ["redis-server"]
