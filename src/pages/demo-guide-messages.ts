import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DemoLanding, DemoRole } from '@contracts/demo-guide';
import { withValues } from '../i18n/with-values';

/** Who a demo person is, in the page's language (the server sends the role's code). */
export const demoRoleText: Record<DemoRole, MessageDescriptor> = {
  providerAdmin: msg({ id: 'Login_Text_DemoRoleProviderAdmin', message: 'Provider administrator' }),
  clientAdmin: msg({ id: 'Login_Text_DemoRoleClientAdmin', message: 'Client administrator' }),
  member: msg({ id: 'Login_Text_DemoRoleMember', message: 'User' }),
  agent: msg({ id: 'Login_Text_DemoRoleAgent', message: 'Agent' }),
};

/** Where a demo person lands after signing in, in the page's language. */
export function demoLandingText(landing: DemoLanding): MessageDescriptor {
  switch (landing.kind) {
    case 'adminArea':
      return msg({ id: 'Login_Text_DemoLandsAdmin', message: 'Lands in the admin area' });
    case 'board':
      return msg({ id: 'Login_Text_DemoLandsBoard', message: 'Lands on the application board' });
    case 'application':
      return withValues(msg({ id: 'Login_Text_DemoLandsApplication', message: 'Lands in {application}' }), {
        application: landing.application,
      });
  }
}
