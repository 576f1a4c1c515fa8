import { Alert, Link, Stack } from '@chakra-ui/react';
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

/**
 * The left menu: the Portal menu entries the person's role may use, as the authorisation guard filtered them
 * (machines/guard/menu.ts). An empty menu is the spec's resource error (admin-and-board §2, §8).
 */
export function AdminMenu({ onNavigate }: { onNavigate: () => void }) {
  const guardRef = AppActor.useSelector(selectGuardRef);
  return guardRef ? <MenuList guardRef={guardRef} onNavigate={onNavigate} /> : null;
}

function MenuList({ guardRef, onNavigate }: { guardRef: ActorRefFrom<typeof guardMachine>; onNavigate: () => void }) {
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
    <Stack as="nav" gap="1" minWidth={{ base: '40', lg: '56' }}>
      {items.map((item) => {
        const active = path.toLowerCase().startsWith(item.linkUrl.toLowerCase());
        return (
          <Link
            key={item.linkUrl}
            asChild
            px="3"
            py="2"
            borderRadius="md"
            bg={active ? 'brand/10' : undefined}
            fontWeight={active ? 'semibold' : undefined}
            aria-current={active ? 'page' : undefined}
          >
            <RouterLink href={item.linkUrl} onClick={onNavigate}>
              <HtmlLabel as="span" html={item.caption} />
            </RouterLink>
          </Link>
        );
      })}
    </Stack>
  );
}
