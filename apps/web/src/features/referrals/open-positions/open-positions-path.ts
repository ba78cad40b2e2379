import { Paths } from '@hireflow/contracts/routes';

/** Where the full list of open positions to refer lives: a section of My referrals. */
export const openPositionsAnchor = 'open-positions';
export const openPositionsPath = `${Paths.myReferrals}#${openPositionsAnchor}`;
