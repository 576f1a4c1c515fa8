import { OtpDtoSchema, OtpRedeemedSchema, OtpRedeemSchema, OtpTokenSchema } from '@contracts/otp-token';
import { unauthorized } from '../../http/problem';
import { defineArea } from '../area';
import { generateOtpToken, OTP_REDEEMS_PER_MINUTE, redeemOtpToken } from './service';

/** The access token the request came with (the auth hook has already verified it for a signed-in route). */
const bearerOf = (authorization: string | undefined): string =>
  /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';

/**
 * `POST Auth/GenerateOtpToken` (spec public-and-profile §7): a signed-in person's one-time token for one application
 * link (`{otpToken}`, §9). docs/api.md "One-time tokens for links".
 */
export const otpTokenArea = defineArea({
  name: 'otp-tokens',
  prefix: '/api/v1',
  guard: 'signedIn',
  routes: (app, { db, otpTokens }) => {
    app.post(
      '/Auth/GenerateOtpToken',
      { schema: { body: OtpDtoSchema, response: { 200: OtpTokenSchema } } },
      async (request, reply) => {
        const caller = request.principal;
        if (caller === null) throw unauthorized();
        const answer = await generateOtpToken(
          { db, ...otpTokens },
          caller,
          bearerOf(request.headers.authorization),
          request.body,
        );
        reply.header('cache-control', 'no-store');
        return answer;
      },
    );
  },
});

/**
 * `POST Auth/RedeemOtpToken`: what consumes a link's token. The application the link opened calls it, with no
 * authorisation header (the token is the credential), and learns once who the person is. Public, rate-limited per
 * address; every token it cannot honour gets the same 400 `otp_token_invalid`.
 */
export const otpRedeemArea = defineArea({
  name: 'otp-token-redeem',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app, { db, config, otpTokens }) => {
    app.post(
      '/Auth/RedeemOtpToken',
      {
        schema: { body: OtpRedeemSchema, response: { 200: OtpRedeemedSchema } },
        config: { rateLimit: { max: OTP_REDEEMS_PER_MINUTE, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return redeemOtpToken({ db, key: otpTokens.key }, request.body.otpToken, {
          usernameRule: config.usernameRule,
          address: request.ip,
        });
      },
    );
  },
});
