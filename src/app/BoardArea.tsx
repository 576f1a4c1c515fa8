import { LauncherPage } from '../board/LauncherPage';
import { BoardLayout } from '../layouts/BoardLayout';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { pageTitles } from '../pages/page-titles';
import { GuardedArea } from './GuardedArea';
import type { RouteId } from './routes';

/** The board (lazy chunk, behind the board guard): the launcher, and the edit-profile page of a later issue. */
export default function BoardArea({ routeId }: { routeId: RouteId }) {
  if (routeId !== 'boardIndex' && routeId !== 'editProfile') return null;
  return (
    <GuardedArea>
      <BoardLayout showTopBar={routeId !== 'editProfile'}>
        {routeId === 'boardIndex' ? <LauncherPage /> : <PlaceholderPage title={pageTitles[routeId]} />}
      </BoardLayout>
    </GuardedArea>
  );
}
