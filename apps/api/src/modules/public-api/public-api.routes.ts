import { Router } from 'express';
import { expressPathOf } from '@hireflow/contracts/public-api';
import { validate } from '../../lib/validate';
import { apiActorOf, publicApiGuard } from './public-api.guard';
import { publicApiOperations, scopeOf } from './public-api.operations';
import { docsRouter } from './public-api.docs';

/**
 * The public REST API (/api/v1, API-key auth) and its OpenAPI document (/api/docs). Mounted at /api before
 * the other routers. Each operation: its key checks (publicApiGuard), the contract's validation, one service call.
 */
export const publicApiRouter = Router();

const relative = (p: string) => expressPathOf(p).replace(/^\/api/, '');

for (const op of publicApiOperations) {
  publicApiRouter[op.method](
    relative(op.path),
    ...publicApiGuard(scopeOf(op)),
    validate({ params: op.params, query: op.query, body: op.body }),
    async (req, res) => {
      res.status(op.status).json(await op.run(apiActorOf(req), req));
    },
  );
}

publicApiRouter.use(docsRouter);
