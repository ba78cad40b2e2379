import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/** Interviewer calibration (admins and hiring managers; the API refuses others). */
export const interviewFeedbackCalibrationRoutes: RouteObject[] = [{ path: Paths.interviewFeedbackCalibration, ...lazyPage(() => import('./calibration-page')) }];
