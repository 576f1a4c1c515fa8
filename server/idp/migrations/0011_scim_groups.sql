-- SCIM 2.0 Groups (issue 33 item 3, docs/scim.md "Groups"): a client's SCIM groups are the identity provider's
-- groups named `{OktaPrefix}__{displayName}`. The SCIM client's own id for a group (`externalId`, case-exact) is
-- unique among one client's groups: the client is the name's prefix, compared without case. `version` is the group's
-- row version, raised by every change of its name, external id or members, so a SCIM ETag changes with each.
ALTER TABLE "idp_groups" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "idp_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idp_groups_prefix_external_id_idx" ON "idp_groups" USING btree (upper(split_part("name", '__', 1)),"external_id");
