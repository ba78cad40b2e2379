import type { ReactNode } from 'react';
import { Grid, Stack } from '@mantine/core';
import type { TApprovalChainState } from '@hireflow/contracts/approvals';
import { ApprovalChainCard } from './approval-chain-card';
import { ApprovalHistoryCard } from './approval-history';

/**
 * The body of every approval page (vacancy, offer, agency): what is asked for on the left, the chain and
 * its history on the right; stacked on phones.
 */
export function ApprovalSubjectLayout({ chain, children }: { chain: TApprovalChainState; children: ReactNode }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 7 }}>{children}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <ApprovalChainCard chain={chain} />
          <ApprovalHistoryCard history={chain.history} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
