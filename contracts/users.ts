import * as v from 'valibot';
import { ApplicationRoleSchema } from './instance';
import { GRID_MAX_JUMP_PAGES, integerText, pagedQueryFields, pagedResponse } from './paged-query';

/**
 * Manage user profiles (admin-and-board §2 "manage-users page"; public-and-profile §2 "Grid, Filter control"): the
 * people an administrator may see, one page at a time, sorted and filtered by the server. `GET ManageUsers` is ours (`/api/v1/users` is the identity provider's Okta API) (the
 * spec does not name the grid's call); `DELETE Instance/{id}` is the spec's (§7 "Instance and security").
 */

/** The filter's search types (the spec's filter control): a case-insensitive contains on one column. */
export const USER_SEARCH_TYPES = ['name', 'email', 'login'] as const;
export type UserSearchType = (typeof USER_SEARCH_TYPES)[number];

/**
 * The grid's columns the server sorts by; ties are broken by the profile id, so a page is stable. `client`: the
 * client's name, then its id (namesake clients never interleave), then each client's people by last and first name.
 */
export const USER_SORT_COLUMNS = ['lastName', 'firstName', 'email', 'login', 'client'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** The page sizes of the user grid (public-and-profile §2 "Grid": 5 and 10, the default 10). */
export const USER_PAGE_SIZES = [5, 10] as const;
export const USER_DEFAULT_PAGE_SIZE = 10;
/** The longest search text (as every grid's filter, machines/admin-grid/grid-filter.ts). */
export const USER_MAX_SEARCH_LENGTH = 100;

/** GET ManageUsers query: which page, how large, sorted how, filtered how, of which client. */
export const UserGridQuerySchema = v.pipe(
  v.object({
    ...pagedQueryFields(USER_PAGE_SIZES, USER_DEFAULT_PAGE_SIZE, 'must be 5 or 10'),
    searchBy: v.optional(v.picklist(USER_SEARCH_TYPES)),
    search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(USER_MAX_SEARCH_LENGTH))),
    sort: v.optional(v.picklist(USER_SORT_COLUMNS), 'lastName'),
    direction: v.optional(v.picklist(['asc', 'desc']), 'asc'),
    /**
     * The grid's Next and Previous: the id of the person the page starts after (the last row on screen) or ends
     * before (the first row on screen). The server reads the page as one index range from that person, whatever the
     * depth; `page` is still the page's number. A person no longer there (or no longer kept by the filter) is ignored:
     * the page is read by its number.
     */
    after: v.optional(v.pipe(v.string(), v.uuid('must be an id'))),
    before: v.optional(v.pipe(v.string(), v.uuid('must be an id'))),
    /**
     * A jump of more than one page from the page on screen: the whole pages between it and the page asked for,
     * skipped after `after` (or before `before`). 0 (the default) is Next or Previous; the jump is bounded
     * (GRID_MAX_JUMP_PAGES), so is the read's cost. Only with `after` or `before`.
     */
    skip: v.optional(integerText(0, GRID_MAX_JUMP_PAGES - 1), 0),
  }),
  v.check((query) => query.after === undefined || query.before === undefined, 'after or before, not both'),
  v.check(
    (query) => query.skip === 0 || query.after !== undefined || query.before !== undefined,
    'skip only with after or before',
  ),
);
export type UserGridQuery = v.InferInput<typeof UserGridQuerySchema>;

/** One person of the grid. */
export const UserRowSchema = v.object({
  id: v.string(),
  clientId: v.string(),
  clientName: v.string(),
  email: v.string(),
  /** The identity-provider login (`ACME__maria@acme.test`). */
  login: v.string(),
  /** The login as the person types it (`maria@acme.test`, an agent's `48213`): what the grid shows. */
  typedLogin: v.optional(v.string()),
  firstName: v.string(),
  lastName: v.string(),
  /** Provider administrator, client administrator: shown in the grid, and such a profile cannot be an agent's. */
  isAulAdmin: v.boolean(),
  isClientAdmin: v.boolean(),
  ssoUser: v.boolean(),
  version: v.number(),
});
export type UserRow = v.InferOutput<typeof UserRowSchema>;

/** GET ManageUsers/{id}/Details: what the grid shows under a person's row when it is expanded. */
export const UserDetailsSchema = v.object({
  /** The applications the person has a role in, by application name. */
  applications: v.array(ApplicationRoleSchema),
});
export type UserDetails = v.InferOutput<typeof UserDetailsSchema>;

/** One page of the grid and how many people the filter keeps over all pages. */
export const UserPageSchema = pagedResponse(UserRowSchema);
export type UserPage = v.InferOutput<typeof UserPageSchema>;
