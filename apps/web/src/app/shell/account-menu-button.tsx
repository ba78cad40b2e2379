import { Button } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { loadChunk } from '@/app/routes/lazy-page';
import type { AccountMenuProps } from './account-menu';

const importMenu = () => loadChunk(() => import('./account-menu'));
const AccountMenu = lazy(importMenu);

/**
 * The header's account button. The menu (Mantine's Menu and its keyboard handling) loads when the user
 * first opens it, or points at or focuses the button, and replaces the button, open.
 */
export function AccountMenuButton(props: AccountMenuProps) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      variant="default"
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void importMenu()}
      onFocus={() => void importMenu()}
      onClick={() => setWanted(true)}
    >
      {props.name}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu {...props} />
    </Suspense>
  );
}
