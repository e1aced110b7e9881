/** The main menu of spec section 2 (Home, settlements by channel, Postings, Mapping, Costs, Reports...). */
import { Badge, Box, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { buildMainMenu, type MenuItem } from '@ledgerport/core/rules';
import { useSession } from '../lib/session-context';
import { CONTACT_EMAIL, HELP_URL } from './app-config';

function Item({ item, pathname }: { item: MenuItem; pathname: string }) {
  const beta = item.isBetaFeature ? <Badge size="xs" variant="light">Beta</Badge> : undefined;
  if (item.subMenu) {
    return (
      <NavLink label={item.label} defaultOpened={item.subMenu.some((s) => s.to === pathname)}>
        {item.subMenu.map((s) => (
          <Item key={s.key} item={s} pathname={pathname} />
        ))}
      </NavLink>
    );
  }
  return <NavLink component={Link} to={item.to} label={item.label} rightSection={beta} active={pathname === item.to} />;
}

export function MainMenu() {
  const { account } = useSession();
  const { pathname } = useLocation();
  return (
    // The browser's own scrolling, not Mantine's ScrollArea: 5 kB less for every first load (decision 0026).
    <Box component="nav" aria-label="Main menu" style={{ overflowY: 'auto' }}>
      {buildMainMenu(account).map((item) => (
        <Item key={item.key} item={item} pathname={pathname} />
      ))}
      <NavLink component="a" href={HELP_URL} target="_blank" rel="noreferrer" label="Need Help" />
      <NavLink component={Link} to="/notifications" label="Notifications" active={pathname === '/notifications'} />
      <NavLink component={Link} to="/whats-new" label="NEW" active={pathname === '/whats-new'} />
      <NavLink component="a" href={`mailto:${CONTACT_EMAIL}`} label="Contact us" />
    </Box>
  );
}
