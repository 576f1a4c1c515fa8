/**
 * One statement that fills the System Log with `count` events over the last 90 days, in the mix a portal sees: 70 %
 * sign-ins (7 % of all events failed with a wrong password), 25 % token refreshes, a few lockouts and profile updates,
 * for 5,000 people whose login `alternateId` makes from the row number `n` (an SQL expression).
 */
export const fillLogEvents = (count: number, alternateId: (n: string) => string) => `
insert into idp_log_events (uuid, published, event_type, severity, outcome_result, outcome_reason, display_message,
  actor_id, actor_type, actor_alternate_id, actor_display_name, client_ip)
select md5(n::text), now() - (random() * interval '90 days'),
  case when r < 0.70 then 'user.session.start' when r < 0.95 then 'app.oauth2.token.grant.refresh_token'
       when r < 0.955 then 'user.account.lock' else 'user.account.update_profile' end,
  'INFO',
  case when r < 0.07 then 'FAILURE' else 'SUCCESS' end,
  case when r < 0.07 then 'INVALID_CREDENTIALS' end,
  'bench', '00u' || (n % 5000), 'User', ${alternateId('n')}, 'Bench Person', '203.0.113.1'
from (select n, random() as r from generate_series(1, ${String(count)}) as n) as s`;
