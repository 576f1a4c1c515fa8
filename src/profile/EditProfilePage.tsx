import { Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectEditProfileRef } from '@machines/app/app.selectors';
import type { editProfileMachine } from '@machines/edit-profile/edit-profile.machine';
import {
  selectIsRefreshing,
  selectProfileFormRef,
  selectReturnAddress,
  selectSecurityDevicesRef,
} from '@machines/edit-profile/edit-profile.selectors';
import { AppActor } from '../app/AppActor';
import { paths } from '../app/routes';
import { labels } from '../i18n/labels';
import { ProfileForm } from './form/ProfileForm';
import { SecurityDevices } from './security/SecurityDevices';
import { BusySpinner } from '../ui/BusySpinner';

/**
 * Edit Profile (admin-and-board §2): the profile form in Edit mode on one's own profile, on the board (without its top
 * bar) and as the admin area's `profile` page. A failed read shows an error card whose link goes back where Save or
 * Cancel would.
 */
export function EditProfilePage() {
  const editRef = AppActor.useSelector(selectEditProfileRef);
  return editRef ? <EditProfile editRef={editRef} /> : null;
}

function EditProfile({ editRef }: { editRef: ActorRefFrom<typeof editProfileMachine> }) {
  const { i18n, t } = useLingui();
  const formRef = useSelector(editRef, selectProfileFormRef);
  const devicesRef = useSelector(editRef, selectSecurityDevicesRef);
  const refreshing = useSelector(editRef, selectIsRefreshing);
  const back = useSelector(editRef, (s) => selectReturnAddress(s, window.location.origin));
  const errorCard = (
    <Card.Root role="alert">
      <Card.Body gap="3">
        <Text>{i18n._(labels.Instance_Text_UserNotFound)}</Text>
        <Link href={back} color="brand">
          {t({ id: 'Instance_Link_Back', message: 'Go back' })}
        </Link>
      </Card.Body>
    </Card.Root>
  );
  return (
    <Stack gap="6" maxWidth="2xl" width="full" marginX="auto">
      <Heading as="h1" size="2xl">
        {t({ id: 'Instance_Text_EditProfileTitle', message: 'Edit your profile' })}
      </Heading>
      {formRef ? (
        <ProfileForm
          formRef={formRef}
          loadFailure={errorCard}
          securityExtra={devicesRef ? <SecurityDevices devicesRef={devicesRef} /> : null}
        />
      ) : null}
      {refreshing ? <BusySpinner alignSelf="center" /> : null}
      <Link href={paths.myAccount()} color="brand" alignSelf="start">
        {t({
          id: 'MyAccount_Link_MyAccount',
          message: 'My account: change my e-mail, download my data, close my account',
        })}
      </Link>
    </Stack>
  );
}
