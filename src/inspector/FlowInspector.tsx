import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useReducer, useState } from 'react';
import './catalogue';
import type { InspectorChannel } from './channel';
import { EventLog } from './EventLog';
import {
  activePaths,
  emptyInspector,
  latestRun,
  liveMachines,
  receive,
  stateText,
  type InspectorState,
} from './inspector-state';
import type { CatalogueEntry } from './machine-catalogue';
import { helloMessage, readMessage, type SnapshotMessage } from './messages';
import { activeStateIds, StatechartDrawing } from './StatechartDrawing';

type Action = { type: 'received'; message: SnapshotMessage } | { type: 'cleared' };

const reduce = (state: InspectorState, action: Action): InspectorState =>
  action.type === 'received' ? receive(state, action.message) : { ...state, log: [] };

/**
 * The flow inspector (docs/spa.md "Flow inspector"): the app's machines, the chosen one drawn with the state its
 * latest run in another tab is in, and the event log. On opening it says hello on the channel; app tabs answer with
 * where their flows are, then report every event. Its own tab's messages are left out.
 */
export function FlowInspector({
  openChannel,
  tab,
  catalogue,
}: {
  openChannel: () => InspectorChannel;
  tab: string;
  catalogue: readonly CatalogueEntry[];
}) {
  const [state, dispatch] = useReducer(reduce, emptyInspector);
  const [chosen, setChosen] = useState<string>();

  useEffect(() => {
    const channel = openChannel();
    const stop = channel.listen((data) => {
      const message = readMessage(data);
      if (message?.kind === 'snapshot' && message.tab !== tab) dispatch({ type: 'received', message });
    });
    channel.post(helloMessage(tab));
    return () => {
      stop();
      channel.close();
    };
  }, [openChannel, tab]);

  const live = liveMachines(state);
  const entry = catalogue.find((candidate) => candidate.id === chosen);
  const run = chosen === undefined ? undefined : latestRun(state, chosen);
  const current = run === undefined ? '' : stateText(run.value);
  const active = useMemo(
    () =>
      entry === undefined || run === undefined
        ? new Set<string>()
        : activeStateIds(activePaths(run.value), entry.machine),
    [entry, run],
  );

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans id="Inspector_Text_Title">Flow inspector</Trans>
      </Heading>
      <Text color="fg.muted">
        <Trans id="Inspector_Text_Hint">
          Use the app in another tab of this browser: the states its flows are in light up here, and every event they
          handle is logged below with what it changed. Secrets are masked.
        </Trans>
      </Text>
      <Flex direction={{ base: 'column', lg: 'row' }} gap="4" align="flex-start">
        <Stack as="nav" gap="1" aria-labelledby="inspector-machines" width={{ base: 'full', lg: '56' }} flexShrink="0">
          <Heading as="h2" size="sm" id="inspector-machines">
            <Trans id="Inspector_Heading_Machines">Machines</Trans>
          </Heading>
          {catalogue.map((candidate) => (
            <Button
              key={candidate.id}
              size="xs"
              justifyContent="space-between"
              variant={candidate.id === chosen ? 'solid' : 'ghost'}
              aria-pressed={candidate.id === chosen}
              title={candidate.file}
              onClick={() => {
                setChosen(candidate.id);
              }}
            >
              {candidate.id}
              {live.has(candidate.id) ? (
                <Text as="span" fontSize="xs" color="green.fg">
                  <Trans id="Inspector_Text_Live">live</Trans>
                </Text>
              ) : null}
            </Button>
          ))}
        </Stack>
        <Stack gap="3" minWidth="0" flex="1">
          {entry === undefined ? (
            <Text>
              <Trans id="Inspector_Text_Choose">Choose a machine to draw its statechart.</Trans>
            </Text>
          ) : (
            <>
              <Text data-testid="inspector-current" fontWeight="medium">
                {run === undefined ? (
                  <Trans id="Inspector_Text_NotSeen">No other tab has run this flow since this page opened.</Trans>
                ) : (
                  <Trans id="Inspector_Text_CurrentState">Current state: {current}</Trans>
                )}
              </Text>
              <StatechartDrawing machine={entry.machine} active={active} />
            </>
          )}
          <Box>
            <Stack direction="row" justify="space-between" align="center">
              <Heading as="h2" size="sm">
                <Trans id="Inspector_Heading_Log">Event log</Trans>
              </Heading>
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  dispatch({ type: 'cleared' });
                }}
              >
                <Trans id="Inspector_Button_ClearLog">Clear the log</Trans>
              </Button>
            </Stack>
            <EventLog entries={state.log} />
          </Box>
        </Stack>
      </Flex>
    </Stack>
  );
}
