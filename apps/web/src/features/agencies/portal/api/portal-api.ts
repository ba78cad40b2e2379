import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { buildPath, Paths } from '@hireflow/contracts/routes';
import { ZMessageResponse } from '@hireflow/contracts/auth';
import {
  AgencyPortalApi,
  ZAgencyColleague,
  ZAgencyMe,
  type ZAgencyLoginRequest,
  type ZAgencyOtpLoginRequest,
  type ZAgencyResetInitiateRequest,
  type ZAgencySendOtpRequest,
  ZAgencySessionResponse,
  ZAgencySignInPage,
  ZPortalJobList,
  ZPortalSubmission,
  ZPortalSubmissionList,
  type TAgencySessionResponse,
  type TAgencySetPasswordRequest,
  type TPortalJob,
  type TPortalSubmitRequest,
} from '@hireflow/contracts/agency-portal';
import { api, apiGet, apiPost, SignInTimeoutMs } from '@/lib/api-client';
import { setAgencySession } from '@/lib/session';

// The agency portal's calls (contracts/agency-portal.ts). The sign-in calls are public and take the
// link's company slug and agency id; the portal calls go with the agency token like any other call.

export type SignInLink = { customerSlug: string; agencyId: string };

type TLoginRequest = z.infer<typeof ZAgencyLoginRequest>;
type TSendOtpRequest = z.infer<typeof ZAgencySendOtpRequest>;
type TOtpLoginRequest = z.infer<typeof ZAgencyOtpLoginRequest>;
type TResetInitiateRequest = z.infer<typeof ZAgencyResetInitiateRequest>;

const signInUrl = (path: string, link: SignInLink) => buildPath(path, { customerSlug: link.customerSlug, agencyId: link.agencyId });

export const portalKeys = {
  all: ['agency-portal'] as const,
  signInPage: (link: SignInLink) => ['agency-portal', 'sign-in', link.customerSlug, link.agencyId] as const,
  me: ['agency-portal', 'me'] as const,
  jobs: (page: number) => ['agency-portal', 'jobs', page] as const,
  openJobs: ['agency-portal', 'jobs', 'all'] as const,
  submissions: (jobId: string | null, page: number) => ['agency-portal', 'submissions', jobId ?? 'all', page] as const,
  colleagues: ['agency-portal', 'colleagues'] as const,
};

export function useAgencySignInPage(link: SignInLink) {
  return useQuery({
    queryKey: portalKeys.signInPage(link),
    queryFn: () => apiGet(signInUrl(AgencyPortalApi.signInPage, link), ZAgencySignInPage, { timeout: SignInTimeoutMs }),
    retry: false,
  });
}

export function useAgencyLogin(link: SignInLink) {
  return useMutation({
    mutationFn: (body: TLoginRequest) => apiPost(signInUrl(AgencyPortalApi.login, link), body, ZAgencySessionResponse, { timeout: SignInTimeoutMs }),
  });
}

export function useAgencySendOtp(link: SignInLink) {
  return useMutation({
    mutationFn: (body: TSendOtpRequest) => apiPost(signInUrl(AgencyPortalApi.sendOtp, link), body, ZMessageResponse, { timeout: SignInTimeoutMs }),
  });
}

export function useAgencyOtpLogin(link: SignInLink) {
  return useMutation({
    mutationFn: (body: TOtpLoginRequest) => apiPost(signInUrl(AgencyPortalApi.otpLogin, link), body, ZAgencySessionResponse, { timeout: SignInTimeoutMs }),
  });
}

export function useAgencyResetInitiate(link: SignInLink) {
  return useMutation({
    mutationFn: (body: TResetInitiateRequest) =>
      apiPost(signInUrl(AgencyPortalApi.resetInitiate, link), body, ZMessageResponse, { timeout: SignInTimeoutMs }),
  });
}

export function useAgencySetPassword() {
  return useMutation({
    mutationFn: (body: TAgencySetPasswordRequest) => apiPost(AgencyPortalApi.setPassword, body, ZMessageResponse, { timeout: SignInTimeoutMs }),
  });
}

/** Stores the agency session (lib/session's setAgencySession) and opens the portal. */
export function useAgencySignInComplete() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (session: TAgencySessionResponse) => {
      queryClient.removeQueries({ queryKey: portalKeys.all });
      setAgencySession({
        token: session.token,
        agencyLogin: {
          agencyId: session.agency.id,
          customerSlug: session.company.slug,
          agencyName: session.agency.name,
          companyName: session.company.name,
          userName: session.user.name,
        },
      });
      navigate(Paths.appliedByAgencies, { replace: true });
    },
    [navigate, queryClient],
  );
}

export function useAgencyMe() {
  return useQuery({ queryKey: portalKeys.me, queryFn: () => apiGet(AgencyPortalApi.me, ZAgencyMe) });
}

/** Ends the session on the server; the caller clears the browser whatever the answer. */
export function agencyLogout() {
  return api.post(AgencyPortalApi.logout, {});
}

export function usePortalJobs(page: number) {
  return useQuery({
    queryKey: portalKeys.jobs(page),
    queryFn: () => apiGet(AgencyPortalApi.jobs, ZPortalJobList, { params: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Every assigned open job (all pages), for the job choice of the submit form. */
export function useAllPortalJobs() {
  return useQuery({
    queryKey: portalKeys.openJobs,
    queryFn: async () => {
      const items: TPortalJob[] = [];
      for (let page = 1; page <= 50; page += 1) {
        const answer = await apiGet(AgencyPortalApi.jobs, ZPortalJobList, { params: { page } });
        items.push(...answer.items);
        if (answer.items.length === 0 || items.length >= answer.total) break;
      }
      return items;
    },
  });
}

export function usePortalSubmissions(jobId: string | null, page: number) {
  return useQuery({
    queryKey: portalKeys.submissions(jobId, page),
    queryFn: () => apiGet(AgencyPortalApi.submissions, ZPortalSubmissionList, { params: jobId ? { jobId, page } : { page } }),
    placeholderData: keepPreviousData,
  });
}

export type SubmitCandidateInput = TPortalSubmitRequest & { resume: File | null };

export function useSubmitCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resume, ...fields }: SubmitCandidateInput) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value ?? '');
      if (resume) form.append('resume', resume);
      return apiPost(AgencyPortalApi.submissions, form, ZPortalSubmission);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['agency-portal', 'submissions'] });
      void queryClient.invalidateQueries({ queryKey: ['agency-portal', 'jobs'] });
    },
  });
}

export function useColleagues() {
  return useQuery({ queryKey: portalKeys.colleagues, queryFn: () => apiGet(AgencyPortalApi.colleagues, z.array(ZAgencyColleague)) });
}

export function useAddColleague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; email: string }) => apiPost(AgencyPortalApi.colleagues, body, ZAgencyColleague),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.colleagues }),
  });
}
