import { Router } from 'express';
import {
  JobsApi,
  ZChangeJobStatusRequest,
  ZCreateJobRequest,
  ZIdParams,
  ZJobListQuery,
  ZPageQuery,
  ZUpdateJobRequest,
  type TJobListQuery,
} from '@hireflow/contracts/jobs';
import { requireAuth } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { changeJobStatus, createJob, getJob, listJobActivity, listJobs, loadVisibleJob, updateJob } from './jobs.service';
import { listJobApplicants } from '../candidates/applications/applications.service';
import { apiPath, jobsContext } from './jobs.context';

export const jobsRouter = Router();

jobsRouter.get(apiPath(JobsApi.jobs), requireAuth, validate({ query: ZJobListQuery }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await listJobs({ customerId, actor, query: req.query as unknown as TJobListQuery, signal: req.signal }));
});

jobsRouter.post(apiPath(JobsApi.jobs), requireAuth, validate({ body: ZCreateJobRequest }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.status(201).json(await createJob({ customerId, actor, input: req.body }));
});

jobsRouter.get(apiPath(JobsApi.job), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await getJob({ customerId, actor, id: req.params.id as string }));
});

jobsRouter.patch(apiPath(JobsApi.job), requireAuth, validate({ params: ZIdParams, body: ZUpdateJobRequest }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await updateJob({ customerId, actor, id: req.params.id as string, input: req.body }));
});

jobsRouter.post(apiPath(JobsApi.jobStatus), requireAuth, validate({ params: ZIdParams, body: ZChangeJobStatusRequest }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await changeJobStatus({ customerId, actor, id: req.params.id as string, input: req.body }));
});

jobsRouter.get(apiPath(JobsApi.jobApplications), requireAuth, validate({ params: ZIdParams, query: ZPageQuery }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  const job = await loadVisibleJob(customerId, actor, req.params.id as string);
  res.json(await listJobApplicants({ customerId, job, page: (req.query as unknown as { page: number }).page }));
});

jobsRouter.get(apiPath(JobsApi.jobActivity), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  const { customerId, actor } = jobsContext(req);
  res.json(await listJobActivity({ customerId, actor, id: req.params.id as string }));
});
