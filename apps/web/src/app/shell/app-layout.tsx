import { lazy, Suspense } from 'react';
import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import './shell-styles';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router-dom';
import { ProductName } from '@hireflow/contracts/constants';
import { isRegisteredPath } from '@/app/routes/app-routes';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { useSession } from '@/lib/session';
import { AccountMenuButton } from './account-menu-button';
import { navItems, userMenuItems, visibleItems } from './nav-items';
import { NotificationsOutlet } from './notifications-outlet';

// Company users keep the live-update stream open on every signed-in page; its code loads after the shell.
const LiveUpdates = lazy(() => import('@/features/pipeline/live/live-updates'));
// A broken mailbox or calendar connection of mine: a banner on every page (its query and code load after the shell).
const IntegrationWarningsBanner = lazy(() => import('@/features/integrations/components/integration-warnings-banner'));

/** The signed-in frame: header (company, user menu), navigation by role and rights, and the page. */
export default function AppLayout() {
  const { user } = useSession();
  const matrix = useAccessMatrix();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  if (!user) return null;

  const viewer = { user, rights: matrix.data?.rights ?? [] };
  const nav = visibleItems(navItems, viewer, isRegisteredPath);
  const menu = visibleItems(userMenuItems, viewer, isRegisteredPath);
  // The deepest entry that holds the page is the active one (/superadmin/companies is Companies, not Super admin).
  const holds = (to: string) => location.pathname === to || location.pathname.startsWith(`${to}/`);
  const activeTo = nav.filter((item) => holds(item.to)).sort((a, b) => b.to.length - a.to.length)[0]?.to;

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={700} c="pastel-green.9">
              {ProductName}
            </Text>
            {user.customer ? <Text visibleFrom="xs">{user.customer.name}</Text> : null}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user.customer ? (
              <Suspense fallback={null}>
                <LiveUpdates />
              </Suspense>
            ) : null}
            <AccountMenuButton label={`Account menu for ${user.fullName}`} name={user.fullName} email={user.email} items={menu} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {nav.map((item) => (
            <NavLink
              key={item.to}
              component={RouterNavLink}
              to={item.to}
              label={item.label}
              active={item.to === activeTo}
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {/* Toasts belong to signed-in pages; the front door shows its messages inline. */}
        <NotificationsOutlet />
        {user.customer ? (
          <Suspense fallback={null}>
            <IntegrationWarningsBanner />
          </Suspense>
        ) : null}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
