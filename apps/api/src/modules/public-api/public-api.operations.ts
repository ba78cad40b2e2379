import type { Request } from 'express';
import type { z } from 'zod';
import {
  PublicApi,
  PublicApiScopes,
  ZPublicApplication,
  ZPublicApplicationList,
  ZPublicApplicationListQuery,
  ZPublicCandidate,
  ZPublicCandidateList,
  ZPublicCandidateListQuery,
  ZPublicCreateApplication,
  ZPublicCreateCandidate,
  ZPublicIdParams,
  ZPublicJob,
  ZPublicJobList,
  ZPublicJobListQuery,
  ZPublicMoveApplication,
  ZPublicUpdateCandidate,
  type TPublicApiOperation,
} from '@hireflow/contracts/public-api';
import * as service from './public-api.service';
import type { ApiCaller } from './public-api.service';

/**
 * Every /api/v1 operation, once: the router mounts these and the OpenAPI document describes them, so the
 * two cannot drift apart (a test also compares the document with the router's registered routes).
 */
export type PublicApiOperation = {
  id: TPublicApiOperation;
  method: 'get' | 'post' | 'patch';
  /** OpenAPI form: /api/v1/jobs/{id}. */
  path: string;
  tag: 'Jobs' | 'Candidates' | 'Applications';
  summary: string;
  description: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  status: 200 | 201;
  response: z.ZodType;
  /** Answers besides the ones every operation has (400, 401, 403, 429). */
  errors: (404 | 409)[];
  run: (caller: ApiCaller, req: Request) => Promise<unknown>;
};

const idOf = (req: Request) => String(req.params.id);

export const publicApiOperations: PublicApiOperation[] = [
  {
    id: 'listJobs',
    method: 'get',
    path: PublicApi.jobs,
    tag: 'Jobs',
    summary: 'List jobs',
    description: 'Jobs of the company, newest first, optionally of one status.',
    query: ZPublicJobListQuery,
    status: 200,
    response: ZPublicJobList,
    errors: [],
    run: (caller, req) => service.listPublicJobs(caller, req.query as never),
  },
  {
    id: 'getJob',
    method: 'get',
    path: PublicApi.job,
    tag: 'Jobs',
    summary: 'Get a job',
    description: 'One job with its pipeline stages (ids and names to move applications to) and their counts.',
    params: ZPublicIdParams,
    status: 200,
    response: ZPublicJob,
    errors: [404],
    run: (caller, req) => service.getPublicJob(caller, idOf(req)),
  },
  {
    id: 'listCandidates',
    method: 'get',
    path: PublicApi.candidates,
    tag: 'Candidates',
    summary: 'List or find candidates',
    description: 'Candidates of the company, newest first; `email` finds the one with that address.',
    query: ZPublicCandidateListQuery,
    status: 200,
    response: ZPublicCandidateList,
    errors: [],
    run: (caller, req) => service.listPublicCandidates(caller, req.query as never),
  },
  {
    id: 'getCandidate',
    method: 'get',
    path: PublicApi.candidate,
    tag: 'Candidates',
    summary: 'Get a candidate',
    description: 'One candidate.',
    params: ZPublicIdParams,
    status: 200,
    response: ZPublicCandidate,
    errors: [404],
    run: (caller, req) => service.getPublicCandidate(caller, idOf(req)),
  },
  {
    id: 'createCandidate',
    method: 'post',
    path: PublicApi.candidates,
    tag: 'Candidates',
    summary: 'Create a candidate',
    description: 'Adds a person to the candidate database (source "sourced"), as the add-candidate form does. An email already in the database answers 409 with `details.candidateId`.',
    body: ZPublicCreateCandidate,
    status: 201,
    response: ZPublicCandidate,
    errors: [409],
    run: (caller, req) => service.createPublicCandidate(caller, req.body),
  },
  {
    id: 'updateCandidate',
    method: 'patch',
    path: PublicApi.candidate,
    tag: 'Candidates',
    summary: 'Update a candidate',
    description: "Changes the fields sent; each change goes on the candidate's timeline as made by the key's creator.",
    params: ZPublicIdParams,
    body: ZPublicUpdateCandidate,
    status: 200,
    response: ZPublicCandidate,
    errors: [404, 409],
    run: (caller, req) => service.updatePublicCandidate(caller, idOf(req), req.body),
  },
  {
    id: 'listApplications',
    method: 'get',
    path: PublicApi.applications,
    tag: 'Applications',
    summary: 'List applications',
    description: 'Applications of the company, newest first, optionally of one job and/or one candidate.',
    query: ZPublicApplicationListQuery,
    status: 200,
    response: ZPublicApplicationList,
    errors: [],
    run: (caller, req) => service.listPublicApplications(caller, req.query as never),
  },
  {
    id: 'getApplication',
    method: 'get',
    path: PublicApi.application,
    tag: 'Applications',
    summary: 'Get an application',
    description: 'One application with its current stage and its stage history (who moved it, when).',
    params: ZPublicIdParams,
    status: 200,
    response: ZPublicApplication,
    errors: [404],
    run: (caller, req) => service.getPublicApplication(caller, idOf(req)),
  },
  {
    id: 'createApplication',
    method: 'post',
    path: PublicApi.applications,
    tag: 'Applications',
    summary: 'Apply to a job',
    description:
      "With `candidate`: the person applies as through the career site's form (the candidate is found by email or created; the application enters the job's first stage and its automations run). With `candidateId`: an existing candidate is added to the job. The job must be a draft, open or on hold; 409 when the candidate is already on it.",
    body: ZPublicCreateApplication,
    status: 201,
    response: ZPublicApplication,
    errors: [404, 409],
    run: (caller, req) => service.createPublicApplication(caller, req.body),
  },
  {
    id: 'moveApplication',
    method: 'post',
    path: PublicApi.applicationMove,
    tag: 'Applications',
    summary: 'Move an application to a stage',
    description:
      "Moves the application to another stage of its job, named by id or by name, as the pipeline board does (history, counts, the stage's automations). The move is recorded as made by the key's creator, who must be allowed to run the job (403 otherwise). A rejected stage needs a `reason` from the company's list unless `withdrawn`.",
    params: ZPublicIdParams,
    body: ZPublicMoveApplication,
    status: 200,
    response: ZPublicApplication,
    errors: [404, 409],
    run: (caller, req) => service.movePublicApplication(caller, idOf(req), req.body),
  },
];

export const scopeOf = (op: PublicApiOperation) => PublicApiScopes[op.id];
