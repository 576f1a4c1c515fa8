import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { AuthnContext } from '../authn/context';
import { oktaErrors } from '../authn/errors';
import { findUserById } from '../users/directory';
import { factorForQrCode, factorSecret } from './store';
import { otpauthUri } from './totp';

/**
 * A7. The enrolment QR code as a PNG (the widget shows it in an `<img>`, so no credentials come with it): the path
 * token is the secret, and it only opens a factor that is still waiting for activation.
 */
export function qrCodeRoute(scope: FastifyInstance, ctx: AuthnContext): void {
  scope.get<{ Params: { userId: string; factorId: string; token: string } }>(
    '/api/v1/users/:userId/factors/:factorId/qr/:token',
    async (request, reply) => {
      const { userId, factorId, token } = request.params;
      const factor = await factorForQrCode(ctx.db, userId, factorId, token);
      const user = factor ? await findUserById(ctx.db, userId) : undefined;
      if (!factor || !user) throw oktaErrors.notFound(`${factorId} (UserFactor)`);
      const png = await QRCode.toBuffer(otpauthUri(factorSecret(ctx.sealer, factor), ctx.totpIssuerLabel, user.login), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 200,
      });
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );
}
