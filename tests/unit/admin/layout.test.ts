import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { menuForRole } from '@machines/guard/menu';
import { mobileMenuMachine } from '@machines/mobile-menu/mobile-menu.machine';
import { selectIsNarrow, selectIsOverlayOpen } from '@machines/mobile-menu/mobile-menu.selectors';
import type { Menu, MenuItem } from '@contracts/resources';
import { initialsOf } from '@src/layouts/initials';

const item = (linkUrl: string, order: number, roleAccess: MenuItem['roleAccess'], hidden = false): MenuItem => ({
  linkUrl,
  imageName: 'x',
  caption: linkUrl,
  order,
  hidden,
  roleAccess,
});
const menu: Menu = {
  section: 'Portal',
  menuItems: [
    item('/field', 3, ['admin']),
    item('/dashboard', 1, ['admin', 'clientadmin']),
    item('/manageUsers', 2, ['user']),
    item('/board/index', 4, ['user', 'clientadmin']),
    item('/template', 5, ['admin'], true),
    item('', 6, ['admin']),
  ],
};

describe('left menu by role (admin-and-board §6)', () => {
  it('provider administrators see only the shown entries whose RoleAccess allows admin, in order', () => {
    // /manageUsers allows users only and /board/index users and client administrators: neither is theirs.
    expect(menuForRole(menu, 'admin').map((i) => i.linkUrl)).toEqual(['/dashboard', '/field']);
  });

  it('client administrators see entries for their role or for users, never /board/index', () => {
    expect(menuForRole(menu, 'clientadmin').map((i) => i.linkUrl)).toEqual(['/dashboard', '/manageUsers']);
  });

  it('ordinary users see only what names them', () => {
    expect(menuForRole(menu, 'user').map((i) => i.linkUrl)).toEqual(['/manageUsers', '/board/index']);
    expect(menuForRole(menu, 'guest')).toEqual([]);
  });
});

describe('initials (admin-and-board §3)', () => {
  it('takes the first and last parts, and with four parts the first and the second-to-last', () => {
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('  Ada  ')).toBe('A');
    expect(initialsOf('Ana Lucía Pérez')).toBe('AP');
    expect(initialsOf('María José García López')).toBe('MG');
    expect(initialsOf('Juan Carlos de la Vega')).toBe('JV');
    expect(initialsOf('')).toBe('');
  });
});

describe('mobile menu (admin-and-board §2, §4 "Mobile menu", §9 992 px)', () => {
  const narrow = () => initialTransition(mobileMenuMachine, { narrow: true })[0];

  it('starts beside the page on a wide screen, as a closed overlay on a narrow one', () => {
    const [wide] = initialTransition(mobileMenuMachine, { narrow: false });
    expect(wide.value).toBe('wide');
    expect(selectIsNarrow(wide)).toBe(false);
    expect(transition(mobileMenuMachine, wide, { type: 'menu.toggle' })[0].value).toBe('wide');
    expect(narrow().value).toEqual({ narrow: 'closed' });
  });

  it('the button opens and closes the overlay', () => {
    const [open] = transition(mobileMenuMachine, narrow(), { type: 'menu.toggle' });
    expect(selectIsOverlayOpen(open)).toBe(true);
    expect(selectIsOverlayOpen(transition(mobileMenuMachine, open, { type: 'menu.toggle' })[0])).toBe(false);
    expect(selectIsOverlayOpen(transition(mobileMenuMachine, open, { type: 'menu.close' })[0])).toBe(false);
  });

  it('closes at every navigation start', () => {
    const [open] = transition(mobileMenuMachine, narrow(), { type: 'menu.toggle' });
    expect(transition(mobileMenuMachine, open, { type: 'navigation.started' })[0].value).toEqual({
      narrow: 'closed',
    });
  });

  it('follows the viewport across the threshold; widening drops the overlay', () => {
    const [open] = transition(mobileMenuMachine, narrow(), { type: 'menu.toggle' });
    const [wide] = transition(mobileMenuMachine, open, { type: 'viewport.changed', narrow: false });
    expect(wide.value).toBe('wide');
    const [again] = transition(mobileMenuMachine, wide, { type: 'viewport.changed', narrow: true });
    expect(again.value).toEqual({ narrow: 'closed' });
    expect(transition(mobileMenuMachine, open, { type: 'viewport.changed', narrow: true })[0].value).toEqual({
      narrow: 'open',
    });
  });
});
