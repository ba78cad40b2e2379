import { Router } from 'express';
import { boardRouter } from './board/board.routes';
import { moveRouter } from './move/move.routes';
import { rejectionReasonsRouter } from './rejections/rejection-reasons.routes';

/** The pipeline's API (issue 14), one router per sub-area. */
export const pipelineRouter = Router();
pipelineRouter.use(moveRouter);
pipelineRouter.use(rejectionReasonsRouter);
pipelineRouter.use(boardRouter);
