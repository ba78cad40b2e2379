import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { ZCalibration, type TCalibrationQuery } from '@hireflow/contracts/interviews-insights';
import { apiGet } from '@/lib/api-client';

export const getInterviewCalibration = (params: TCalibrationQuery) => apiGet(InterviewApi.calibration, ZCalibration, { params });

/** Interviewer calibration for admins and hiring managers, optionally for one job and a date range. */
export function getInterviewCalibrationQueryOptions(params: TCalibrationQuery) {
  return queryOptions({ queryKey: ['interviews', 'calibration', params], queryFn: () => getInterviewCalibration(params), placeholderData: keepPreviousData });
}

export function useInterviewCalibration(params: TCalibrationQuery) {
  return useQuery(getInterviewCalibrationQueryOptions(params));
}
