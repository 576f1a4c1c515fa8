import { Box, Button, Collapsible, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DemoPerson } from '@contracts/demo-guide';
import { demoLandingText, demoRoleText } from './demo-guide-messages';

/**
 * The login page's demo guide (issue 13), only while the server runs the demo world: a discreet panel, collapsed
 * until opened, listing who each demo person is and where they land. Picking one fills the widget's username field.
 * Whether it is open is the panel's own state, not the flow's.
 */
export function DemoGuide({
  people,
  password,
  onPick,
}: {
  people: readonly DemoPerson[];
  password: string;
  onPick: (signInAs: string) => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <Box
      as="aside"
      width="full"
      maxWidth="400px"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="md"
      bg="bg"
      textAlign="start"
      data-testid="demo-guide"
    >
      <Collapsible.Root>
        <Collapsible.Trigger asChild>
          <Button variant="plain" size="sm" width="full" justifyContent="space-between" color="fg.muted">
            {t({ id: 'Login_Button_DemoGuide', message: 'Demo accounts' })}
            <span aria-hidden="true">▾</span>
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Stack gap="1" px="3" pb="3">
            <Text fontSize="sm" color="fg.muted">
              {t({
                id: 'Login_Text_DemoGuideHint',
                message: `Pick a person to fill in the username. Every demo password is ${password}`,
              })}
            </Text>
            <Stack as="ul" gap="0" listStyleType="none">
              {people.map((person) => (
                <li key={person.signInAs}>
                  <Button
                    variant="ghost"
                    size="sm"
                    width="full"
                    height="auto"
                    py="2"
                    justifyContent="flex-start"
                    textAlign="start"
                    whiteSpace="normal"
                    onClick={() => {
                      onPick(person.signInAs);
                    }}
                  >
                    <Stack gap="0.5" align="flex-start" fontWeight="normal">
                      <Text fontWeight="semibold">
                        {person.name}{' '}
                        <Text as="span" fontFamily="mono" fontSize="xs" fontWeight="normal">
                          {person.signInAs}
                        </Text>
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {i18n._(demoRoleText[person.role])} · {person.client} ·{' '}
                        {i18n._(demoLandingText(person.landsOn))}
                      </Text>
                    </Stack>
                  </Button>
                </li>
              ))}
            </Stack>
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  );
}
