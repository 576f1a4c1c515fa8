import { Button, HStack, List, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { RowDetailsState } from '@machines/admin-grid/grid.types';
import type { UserDetails as Details } from '@contracts/users';

/**
 * Under an open row of the users grid: the person's applications and their role in each (issue 16: the grid's detail
 * rows). It shows the read's state: under way, failed (with Try again), or its answer.
 */
export function UserDetails({ details: state, onRetry }: { details: RowDetailsState; onRetry: () => void }) {
  const { t } = useLingui();
  if (state.status === 'failed')
    return (
      <HStack role="alert">
        <Text color="fg.error">
          {t({ id: 'Instance_Text_DetailsFailed', message: 'The details could not be loaded.' })}
        </Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          {t({ id: 'Admin_Button_Retry', message: 'Try again' })}
        </Button>
      </HStack>
    );
  if (state.status === 'loading')
    return (
      <HStack role="status">
        <Spinner size="xs" />
        <Text>{t({ id: 'Instance_Text_DetailsLoading', message: 'Loading the applications…' })}</Text>
      </HStack>
    );
  const details = state.details as Details;
  if (details.applications.length === 0)
    return <Text color="fg.muted">{t({ id: 'Instance_Text_NoApplications', message: 'No application roles.' })}</Text>;
  return (
    <List.Root variant="plain" gap="1">
      {details.applications.map(({ applicationId, application, roleValue }) => (
        <List.Item key={applicationId}>
          {t({ id: 'Instance_Text_ApplicationRole', message: `${application}: ${roleValue}` })}
        </List.Item>
      ))}
    </List.Root>
  );
}
