import type { UserDialogSettings } from '@machines/user-dialog/user-dialog.machine';
import { getAgentPersonDetails, listAgentPeople } from '../api/agent-people';
import { wireUsers, type UsersApi } from '../admin/users/wiring';

/**
 * Find a person's calls, in the users grid's shape: the page of people (GET Agent/People) and a row's roles (from
 * GET Instance/{id}). The page offers no Export, no Delete and no sign-in resets (the definition and the dialog's Agent
 * mode leave them out, and the server has none for an agent), so those are never asked for.
 */
export const agentPeopleApi: UsersApi = {
  listUsers: listAgentPeople,
  getUserDetails: getAgentPersonDetails,
  exportUsers: () => Promise.reject(new Error('Find a person has no export')),
  deleteUser: () => Promise.reject(new Error('Find a person deletes nobody')),
  resetSignInOf: () => Promise.reject(new Error('Find a person resets no sign-in')),
};

/** The users grid and its user dialog (in Agent mode: `dialogModeOf`) over the agent's calls; an agent adds nobody. */
export const wireFindPerson = (settings: UserDialogSettings) =>
  wireUsers(settings, () => Promise.resolve([]), agentPeopleApi);
