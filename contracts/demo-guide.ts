import * as v from 'valibot';

/** Who a demo person is in the portal; the SPA words it in the person's language (Lingui, en and es). */
export const DemoRoleSchema = v.picklist(['providerAdmin', 'clientAdmin', 'member', 'agent']);
export type DemoRole = v.InferOutput<typeof DemoRoleSchema>;

/** Where a demo person lands after signing in (docs/demo-world.md "People"). */
export const DemoLandingSchema = v.variant('kind', [
  v.object({ kind: v.literal('adminArea') }),
  v.object({ kind: v.literal('board') }),
  v.object({ kind: v.literal('application'), application: v.string() }),
]);
export type DemoLanding = v.InferOutput<typeof DemoLandingSchema>;

export const DemoPersonSchema = v.object({
  /** What the person types in the widget's username field (an e-mail, or an agent id). */
  signInAs: v.string(),
  name: v.string(),
  /** The client organisation's display name. */
  client: v.string(),
  role: DemoRoleSchema,
  landsOn: DemoLandingSchema,
});
export type DemoPerson = v.InferOutput<typeof DemoPersonSchema>;

/**
 * GET /api/v1/demo/guide: the demo people the login page's guide lists. The route exists only while the demo world
 * is on (DEMO_DATA with the embedded identity provider); otherwise it answers 404 like any unknown address.
 */
export const DemoGuideSchema = v.object({
  people: v.array(DemoPersonSchema),
  /** Every demo person's password (docs/demo-world.md prints it too). */
  password: v.string(),
});
export type DemoGuide = v.InferOutput<typeof DemoGuideSchema>;
