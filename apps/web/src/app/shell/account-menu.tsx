import { Button, Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import type { NavItem } from './nav-items';

export type AccountMenuProps = { label: string; name: string; email: string; items: NavItem[] };

/** The user menu of the header; AccountMenuButton loads it the first time it is opened, and it opens at once. */
export default function AccountMenu({ label, name, email, items }: AccountMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // This button replaces the one that was clicked: it takes over the focus, then the menu opens (and will give
  // the focus back to it when closed).
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu position="bottom-end" width={220} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button ref={target} variant="default" aria-label={label}>
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Item component={Link} to={Paths.logout}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
