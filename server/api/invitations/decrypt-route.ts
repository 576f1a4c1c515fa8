import { InvitationEmailAnswerSchema, InvitationTokenQuerySchema } from '@contracts/invitations';
import { defineArea } from '../area';
import { acceptableInvitation, invalidInvitation } from './validity';

/** Per address and minute: a sign-up page reads its token once; guessing tokens is pointless, but never free. */
export const DECRYPT_PER_MINUTE = 30;

/**
 * GET Encrypt/decrypt?content=<token>&clientId=<client> (spec public-and-profile §7, no auth): the sign-up page asks
 * whom an invitation's `st` token invites. The e-mail only for a token that may still be accepted for that client;
 * one answer (400 `invitation_invalid`, the same message) for every other token, whatever is wrong with it.
 */
export const invitationCheckArea = defineArea({
  name: 'invitation-check',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app, deps) => {
    app.get(
      '/Encrypt/decrypt',
      {
        schema: { querystring: InvitationTokenQuerySchema, response: { 200: InvitationEmailAnswerSchema } },
        config: { rateLimit: { max: DECRYPT_PER_MINUTE, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { content, clientId } = request.query;
        const invitation = await acceptableInvitation(deps.db, deps.invitations.key, content, clientId);
        reply.header('cache-control', 'no-store');
        if (invitation === null) throw invalidInvitation();
        return { email: invitation.email };
      },
    );
  },
});
