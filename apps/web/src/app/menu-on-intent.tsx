/**
 * A navigation-bar menu whose code loads on intent (decision 0026), like the date range calendar:
 * until Mantine's Menu is here the trigger stands alone; pointing at it or focusing it starts the
 * download, and a click opens the menu as soon as it arrives.
 */
import { Suspense, cloneElement, useState, type ReactElement } from 'react';
import { lazyComponent } from '../ui/lazy-component';
import type { NavMenuSpec } from './nav-menus';

const NavMenu = lazyComponent(() => import('./nav-menus').then((m) => m.NavMenu));

/** Loads the menus now (tests, or a hover on any trigger). */
export const preloadNavMenus = () => NavMenu.preload();

type TriggerProps = { onPointerEnter?: () => void; onFocus?: () => void; onClick?: () => void; 'aria-haspopup'?: 'menu'; 'aria-expanded'?: boolean };

export function MenuOnIntent({ trigger, menu }: { trigger: ReactElement<TriggerProps>; menu: NavMenuSpec }) {
  const [isWanted, setWanted] = useState(false);
  const warm = () => void preloadNavMenus().catch(() => undefined);
  const standIn = (onOpen?: () => void) =>
    cloneElement(trigger, { onPointerEnter: warm, onFocus: warm, onClick: onOpen, 'aria-haspopup': 'menu', 'aria-expanded': false });
  // Once the code is here (another menu loaded it), the real menu shows straight away.
  if (!isWanted && !NavMenu.isLoaded()) return standIn(() => setWanted(true));
  return (
    <Suspense fallback={standIn()}>
      <NavMenu.Component trigger={trigger} menu={menu} isOpenedOnMount={isWanted} />
    </Suspense>
  );
}
