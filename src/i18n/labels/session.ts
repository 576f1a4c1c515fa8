import { msg } from '@lingui/core/macro';

/** The idle-session warning dialog (public-and-profile §4 "Session idle"). */
export const sessionLabels = {
  Session_Text_IdleTitle: msg({ id: 'Session_Text_IdleTitle', message: 'Are you still there?' }),
  Session_Text_IdleWarning: msg({
    id: 'Session_Text_IdleWarning',
    message:
      '{seconds, plural, one {You have been inactive for a while. For your security, you will be signed out in # second.} other {You have been inactive for a while. For your security, you will be signed out in # seconds.}}',
  }),
  Session_Button_KeepWorking: msg({ id: 'Session_Button_KeepWorking', message: 'Keep working' }),
  Session_Button_LogOut: msg({ id: 'Session_Button_LogOut', message: 'Log out' }),
};
