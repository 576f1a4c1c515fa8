import { Button, HStack, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { dashboardMachine } from '@machines/dashboard/dashboard.machine';
import {
  selectFigures,
  selectHasFailed,
  selectIsReading,
  selectMayRefresh,
} from '@machines/dashboard/dashboard.selectors';
import type { NotificationsPort } from '@machines/support/ports';
import type { DashboardFigures } from '@contracts/dashboard';
import { getDashboardFigures } from '@src/api/admin/dashboard';
import { paths } from '@src/app/routes';
import { labels } from '@src/i18n/admin-labels';
import { auditRowText, clientText } from '../../logs/log-text';
import { ClientCounts } from './ClientCounts';
import { FigureTiles } from './FigureTiles';
import { RecentRows } from './RecentRows';
import { SignInChart } from './SignInChart';

/**
 * What is happening (issue 13; docs/flows/dashboard.md): the dashboard machine reads the figures, this renders its
 * state — reading, the figures (with Refresh), or the failure with Try again.
 */
export function DashboardFiguresPanel({
  notifications,
  loadFigures,
}: {
  notifications: NotificationsPort;
  loadFigures: typeof getDashboardFigures;
}) {
  const { i18n } = useLingui();
  const dashboard = useActorRef(
    dashboardMachine.provide({ actors: { loadFigures: fromPromise(({ signal }) => loadFigures({ signal })) } }),
    { input: { notifications } },
  );
  const figures = useSelector(dashboard, selectFigures);
  const reading = useSelector(dashboard, selectIsReading);
  const failed = useSelector(dashboard, selectHasFailed);
  const mayRefresh = useSelector(dashboard, selectMayRefresh);
  return (
    <Stack gap="5" as="section" aria-label={i18n._(labels.Dashboard_Text_FiguresTitle)}>
      <HStack justify="space-between">
        <Heading as="h2" size="xl">
          {i18n._(labels.Dashboard_Text_FiguresTitle)}
        </Heading>
        {figures ? (
          <Button
            variant="outline"
            size="sm"
            disabled={!mayRefresh}
            aria-busy={reading}
            onClick={() => {
              dashboard.send({ type: 'figures.refresh' });
            }}
          >
            {/* A spinner beside the word, not in its place (Chakra's `loading`): the button keeps its name. */}
            {reading ? <Spinner size="xs" /> : null}
            {i18n._(labels.Dashboard_Button_Refresh)}
          </Button>
        ) : null}
      </HStack>
      {figures ? <Figures figures={figures} /> : null}
      {!figures && reading ? (
        <HStack color="fg.muted">
          <Spinner size="sm" />
          <Text>{i18n._(labels.Dashboard_Text_FiguresLoading)}</Text>
        </HStack>
      ) : null}
      {failed ? (
        <HStack>
          <Text color="fg.error">{i18n._(labels.Dashboard_Text_FiguresFailed)}</Text>
          <Button
            size="sm"
            onClick={() => {
              dashboard.send({ type: 'figures.retry' });
            }}
          >
            {i18n._(labels.Dashboard_Button_Retry)}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const { i18n } = useLingui();
  // Both charts count in UTC hours and days (the server's buckets), and say so in their titles.
  const hour = (at: string) => i18n.date(new Date(at), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const day = (at: string) => i18n.date(new Date(at), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <Stack gap="6">
      <FigureTiles figures={figures} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <SignInChart
          title={labels.Dashboard_Text_HoursChart}
          axis={labels.Dashboard_Text_HourAxis}
          buckets={figures.hours}
          when={hour}
        />
        <SignInChart
          title={labels.Dashboard_Text_DaysChart}
          axis={labels.Dashboard_Text_DayAxis}
          buckets={figures.days}
          when={day}
        />
        <ClientCounts title={labels.Dashboard_Text_PeoplePerClient} rows={figures.peoplePerClient} />
        <ClientCounts title={labels.Dashboard_Text_ApplicationsPerClient} rows={figures.applicationsPerClient} />
        <RecentRows
          title={labels.Dashboard_Text_RecentChanges}
          rows={figures.recentChanges}
          line={(row) => `${auditRowText(row, i18n)} (${clientText(row.clientName, i18n)})`}
          href={paths.auditLog()}
          linkText={labels.Dashboard_Link_AuditLog}
        />
        <RecentRows
          title={labels.Dashboard_Text_RecentErrors}
          rows={figures.recentErrors}
          line={(row) => `${row.code}: ${row.message} (${clientText(row.clientName, i18n)})`}
          href={paths.errorLog()}
          linkText={labels.Dashboard_Link_ErrorLog}
        />
      </SimpleGrid>
    </Stack>
  );
}
