import { BoardLayout } from '../layouts/BoardLayout';
import { GuardedArea, PageWhileSignedIn } from './GuardedArea';
import type { LayoutProps } from './RouteView';

/** The board frame (lazy chunk): the board guard, then the board layout, without its top bar on a bare route. */
export default function BoardArea({ route, children }: LayoutProps) {
  return (
    <GuardedArea>
      <BoardLayout showTopBar={route.bare !== true}>
        <PageWhileSignedIn>{children}</PageWhileSignedIn>
      </BoardLayout>
    </GuardedArea>
  );
}
