# Production image: build the workspace, then run the one server as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN corepack enable
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/embedded-mongo/package.json packages/embedded-mongo/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @hireflow/api build && pnpm --filter @hireflow/web build \
 && pnpm --filter @hireflow/api deploy --prod --legacy /out/api

FROM node:20-bookworm-slim
# A container must listen on its own interface for the published port to reach it.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WEB_DIST_DIR=/app/web
WORKDIR /app
COPY --from=build /out/api ./api
COPY --from=build /app/apps/api/dist ./api/dist
COPY --from=build /app/apps/web/dist ./web
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://localhost:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "api/dist/server.js"]
