import { Router } from 'express';
import { PipelineApi, ZBoardQuery, ZBoardStageQuery } from '@hireflow/contracts/pipeline';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { getBoard, getBoardStage } from './board.service';

/** The board (/workflow): anyone who may view the job reads it; moving goes through POST /api/applications/:id/move. */
export const boardRouter = Router();

boardRouter.get(apiPath(PipelineApi.board), requireAuth, validate({ query: ZBoardQuery }), async (req, res) => {
  res.json(await getBoard({ customerId: tenantOf(req), actor: authOf(req).user, query: req.query as unknown as Parameters<typeof getBoard>[0]['query'] }));
});

boardRouter.get(apiPath(PipelineApi.boardStage), requireAuth, validate({ query: ZBoardStageQuery }), async (req, res) => {
  res.json(await getBoardStage({ customerId: tenantOf(req), actor: authOf(req).user, query: req.query as unknown as Parameters<typeof getBoardStage>[0]['query'] }));
});
