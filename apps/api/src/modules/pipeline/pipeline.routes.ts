import { Router } from 'express';
import { boardRouter } from './board/board.routes';
import { moveRouter } from './move/move.routes';
import { rejectionReasonsRouter } from './rejections/rejection-reasons.routes';
import { automationsRouter } from './automations/automations.routes';
import { speedScreeningRouter } from './speed-screening/speed-screening.routes';
import { stageListRouter } from './stage-list/stage-list.routes';
import { bulkApplicationsRouter } from './bulk/bulk.routes';

/** The pipeline's API (issue 14), one router per sub-area. */
export const pipelineRouter = Router();
pipelineRouter.use(moveRouter);
pipelineRouter.use(rejectionReasonsRouter);
pipelineRouter.use(automationsRouter);
pipelineRouter.use(speedScreeningRouter);
pipelineRouter.use(stageListRouter);
pipelineRouter.use(bulkApplicationsRouter);
pipelineRouter.use(boardRouter);
