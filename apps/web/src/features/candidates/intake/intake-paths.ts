import { Paths, buildPath } from '@hireflow/contracts/routes';

/** The intake pages under /database (route tables import this: paths only). */
export const IntakePaths = { add: '/database/add', import: '/database/import' } as const;

/** A candidate's profile page. */
export const candidatePath = (id: string) => buildPath(Paths.candidate, { id });
