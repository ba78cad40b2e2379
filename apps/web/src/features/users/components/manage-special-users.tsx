import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSetSpecialUser } from '../api/set-user-access';
import { RoleHolders } from './role-holders';

/** company-settings/manage-spcl-user: site admins and super users. */
export function ManageSpecialUsers() {
  const setSpecial = useSetSpecialUser();
  return (
    <Stack gap="md">
      <Title order={1}>Special users</Title>
      <Text c="dimmed" size="sm">
        Site admins look after a site of the company; super users see every job, including employees who would otherwise see only their own.
      </Text>
      <Tabs defaultValue="siteAdmin" keepMounted={false}>
        <Tabs.List aria-label="Special users">
          <Tabs.Tab value="siteAdmin">Site admins</Tabs.Tab>
          <Tabs.Tab value="superUser">Super users</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="siteAdmin" pt="md">
          <RoleHolders
            filter="Site Admins"
            label="Site admin"
            pending={setSpecial.isPending}
            error={setSpecial.error}
            onAdd={(u) => setSpecial.mutateAsync({ id: u.id, body: { siteAdmin: true } })}
            onRemove={(u) => setSpecial.mutateAsync({ id: u.id, body: { siteAdmin: false } })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="superUser" pt="md">
          <RoleHolders
            filter="Super Users"
            label="Super user"
            pending={setSpecial.isPending}
            error={setSpecial.error}
            onAdd={(u) => setSpecial.mutateAsync({ id: u.id, body: { superUser: true } })}
            onRemove={(u) => setSpecial.mutateAsync({ id: u.id, body: { superUser: false } })}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
