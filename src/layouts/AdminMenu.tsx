import { Alert, Box, Link, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { selectGuardRef } from '@machines/app/app.selectors';
import type { guardMachine } from '@machines/guard/guard.machine';
import { selectMenu } from '@machines/guard/guard.selectors';
import { AppActor } from '../app/AppActor';
import { labels } from '../i18n/labels';
import { HtmlLabel } from '../ui/HtmlLabel';
import { hasNamedIcon, NamedIcon } from '../ui/named-icons';
import { MENU_COMPACT_MAX_WIDTH, MENU_WIDTH, upTo } from './breakpoints';

/** Where the menu is drawn: beside the page (its own width), or in the small screens' overlay (the overlay's width). */
export type MenuPlacement = 'beside' | 'overlay';

/**
 * The left menu: the Portal menu entries the person's role may use, as the authorisation guard filtered them
 * (machines/guard/menu.ts), each with its `ImageName` icon and the active one highlighted (public-and-profile §2
 * "Portal menu"). Up to 1024 px the icons are hidden and the menu is narrower (src/layouts/breakpoints.ts). An empty
 * menu is the spec's resource error (admin-and-board §2, §8).
 */
export function AdminMenu({ onNavigate, placement }: { onNavigate: () => void; placement: MenuPlacement }) {
  const guardRef = AppActor.useSelector(selectGuardRef);
  return guardRef ? <MenuList guardRef={guardRef} onNavigate={onNavigate} placement={placement} /> : null;
}

const compact = upTo(MENU_COMPACT_MAX_WIDTH);
const widthBeside = { width: `${String(MENU_WIDTH.wide)}px`, [compact]: { width: `${String(MENU_WIDTH.compact)}px` } };

function MenuList({
  guardRef,
  onNavigate,
  placement,
}: {
  guardRef: ActorRefFrom<typeof guardMachine>;
  onNavigate: () => void;
  placement: MenuPlacement;
}) {
  const items = useSelector(guardRef, selectMenu);
  const [path] = useLocation();
  const { i18n } = useLingui();
  if (items.length === 0) {
    return (
      <Alert.Root status="error" role="alert" maxWidth="xs">
        <Alert.Indicator />
        <Alert.Title>{i18n._(labels.Global_Error_ResourcesLoad)}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack
      as="nav"
      gap="1"
      flexShrink={0}
      data-testid="admin-menu"
      css={placement === 'beside' ? widthBeside : undefined}
    >
      {items.map((item) => {
        const active = path.toLowerCase().startsWith(item.linkUrl.toLowerCase());
        return (
          <Link
            key={item.linkUrl}
            asChild
            px="3"
            py="2"
            gap="3"
            borderRadius="md"
            bg={active ? 'brand/10' : undefined}
            fontWeight={active ? 'semibold' : undefined}
            aria-current={active ? 'page' : undefined}
          >
            <RouterLink href={item.linkUrl} onClick={onNavigate}>
              {hasNamedIcon(item.imageName) ? (
                // An unknown ImageName shows no icon rather than a broken image.
                <Box as="span" display="inline-flex" flexShrink={0} css={{ [compact]: { display: 'none' } }}>
                  <NamedIcon name={item.imageName} size={18} data-menu-icon={item.imageName} />
                </Box>
              ) : null}
              <HtmlLabel as="span" html={item.caption} />
            </RouterLink>
          </Link>
        );
      })}
    </Stack>
  );
}
