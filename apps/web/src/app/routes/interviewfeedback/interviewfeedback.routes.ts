import type { RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { lazyPage } from '../lazy-page';

/**
 * Scorecards: /interviewfeedback/:interviewId (write mine, read the panel's), /interviewfeedback-all (what I
 * owe, what I submitted) and its calibration view (admins and hiring managers; the API refuses others).
 */
export const interviewFeedbackRoutes: RouteObject[] = [
  { path: Paths.interviewFeedback, ...lazyPage(() => import('./interview-feedback-page')) },
  { path: Paths.interviewFeedbackAll, ...lazyPage(() => import('./interview-feedback-all-page')) },
  { path: Paths.interviewFeedbackCalibration, ...lazyPage(() => import('./calibration-page')) },
];
