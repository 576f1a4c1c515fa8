import { UserGridQuerySchema, UserPageSchema } from '@contracts/users';
import { loginAsTyped } from '@contracts/username';
import { unauthorized } from '../../http/problem';
import { defineArea } from '../area';
import { listAgentPeople } from './service';

/**
 * Find a person (docs/flows/find-person.md): an agent's search among the people of their client, the grid of the
 * Find a person page, whose rows open the user dialog in Agent mode (GET and PUT Instance/{id}, which decide Agent
 * mode themselves). Signed in, then agents only (the service refuses every other role).
 */
export const agentPeopleArea = defineArea({
  name: 'agent-people',
  prefix: '/api/v1',
  guard: 'signedIn',
  routes: (app, deps) => {
    app.get(
      '/Agent/People',
      { schema: { querystring: UserGridQuerySchema, response: { 200: UserPageSchema } } },
      async (request, reply) => {
        if (request.principal === null) throw unauthorized();
        reply.header('cache-control', 'no-store');
        const page = await listAgentPeople(deps.db, request.principal, request.query);
        const rule = deps.config.usernameRule;
        return { ...page, rows: page.rows.map((row) => ({ ...row, typedLogin: loginAsTyped(row.login, rule) })) };
      },
    );
  },
});
