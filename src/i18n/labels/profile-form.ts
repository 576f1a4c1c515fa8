import { msg } from '@lingui/core/macro';

/** The profile form's own texts (sign-up and edit profile use them as well as the admin user dialog). */
export const profileFormLabels = {
  Instance_Field_Email: msg({ id: 'Instance_Field_Email', message: 'Email address' }),
  Instance_Text_StepProfile: msg({ id: 'Instance_Text_StepProfile', message: 'Profile' }),
  Instance_Text_StepSecurity: msg({ id: 'Instance_Text_StepSecurity', message: 'Security' }),
  Instance_Text_UserNotFound: msg({ id: 'Instance_Text_UserNotFound', message: 'User not found' }),
};
