# Stand-in for node:20-bookworm-slim: Node.js and npm from the npm registry on Debian bookworm (minbase).
ARG BASE
FROM ${BASE}
COPY node/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY extra-ca.crt /usr/local/share/ca-certificates/extra-ca.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && echo 'node:x:1000:' >> /etc/group \
 && echo 'node:x:1000:1000::/home/node:/bin/bash' >> /etc/passwd \
 && mkdir -p /home/node && chown 1000:1000 /home/node \
 && if [ ! -s /usr/local/share/ca-certificates/extra-ca.crt ]; then rm /usr/local/share/ca-certificates/extra-ca.crt; fi \
 && node --version && npm --version
CMD ["node"]
