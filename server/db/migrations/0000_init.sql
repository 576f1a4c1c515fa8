CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"region_id" uuid NOT NULL,
	"link" text NOT NULL,
	"icon_identifier" text NOT NULL,
	"default_role_value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "applications_name_unique" UNIQUE("name"),
	CONSTRAINT "applications_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "client_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"template_id" uuid,
	"display_order" integer DEFAULT 0 NOT NULL,
	"default_redirect" boolean DEFAULT false NOT NULL,
	"okta_container" text,
	"okta_container_label" text,
	"roles_api_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "client_applications_client_application_unique" UNIQUE("client_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"okta_prefix" text NOT NULL,
	"portal_alias" text NOT NULL,
	"auto_sign_up" boolean DEFAULT false NOT NULL,
	"cms_site_id" uuid,
	"sso_id" text,
	"default_culture" text DEFAULT 'en-us' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clients_okta_prefix_unique" UNIQUE("okta_prefix"),
	CONSTRAINT "clients_portal_alias_unique" UNIQUE("portal_alias"),
	CONSTRAINT "clients_default_culture_check" CHECK ("clients"."default_culture" in ('en-us', 'es'))
);
--> statement-breakpoint
CREATE TABLE "cms_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sitefinity_site_id" text,
	"parent_sitefinity_site_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "regions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dictionary_name" text NOT NULL,
	"data_type" text NOT NULL,
	"data_length" integer DEFAULT 1 NOT NULL,
	"meta_tag" text,
	"description" text DEFAULT '' NOT NULL,
	"disable" boolean DEFAULT false NOT NULL,
	"default_value" text,
	"css_field" text,
	"mask_regex" text,
	"validation_regex" text,
	"sufix" text,
	"prefix" text,
	"validation_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fields_dictionary_name_unique" UNIQUE("dictionary_name"),
	CONSTRAINT "fields_data_type_check" CHECK ("fields"."data_type" in ('NVARCHAR', 'RADIO BUTTON GROUP', 'SELECT', 'CHECKBOX', 'LABEL', 'BOOLEAN')),
	CONSTRAINT "fields_meta_tag_check" CHECK ("fields"."meta_tag" is null or "fields"."meta_tag" in ('GoogleAddress', 'GoogleZipCode', 'GoogleAddress2', 'GoogleCity', 'GoogleState', 'FirstName', 'LastName')),
	CONSTRAINT "fields_data_length_check" CHECK ("fields"."data_length" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sub_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_id" uuid NOT NULL,
	"sub_dictionary_name" text NOT NULL,
	"sub_default_value" text NOT NULL,
	"sub_css_field" text DEFAULT '' NOT NULL,
	"sub_data_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_fields_field_name_unique" UNIQUE("field_id","sub_dictionary_name"),
	CONSTRAINT "sub_fields_data_type_check" CHECK ("sub_fields"."sub_data_type" in ('RADIO BUTTON', 'OPTION'))
);
--> statement-breakpoint
CREATE TABLE "template_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"admin_field" boolean DEFAULT false NOT NULL,
	"lock_for_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "template_fields_template_field_unique" UNIQUE("template_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "instance_application_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"role_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_application_roles_instance_application_unique" UNIQUE("instance_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "instance_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_field_values_instance_field_unique" UNIQUE("instance_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"email" text NOT NULL,
	"idp_login" text NOT NULL,
	"idp_user_id" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"culture" text DEFAULT 'en-us' NOT NULL,
	"country_code" text,
	"telephone" text,
	"is_aul_admin" boolean DEFAULT false NOT NULL,
	"client_restriction_filter" text,
	"sso_user" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "instances_idp_login_unique" UNIQUE("idp_login"),
	CONSTRAINT "instances_idp_user_id_unique" UNIQUE("idp_user_id"),
	CONSTRAINT "instances_client_email_unique" UNIQUE("client_id","email"),
	CONSTRAINT "instances_culture_check" CHECK ("instances"."culture" in ('en-us', 'es'))
);
--> statement-breakpoint
CREATE TABLE "client_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "client_assets_client_kind_unique" UNIQUE NULLS NOT DISTINCT("client_id","kind"),
	CONSTRAINT "client_assets_kind_check" CHECK ("client_assets"."kind" in ('logo', 'loginlogo', 'profilelogo'))
);
--> statement-breakpoint
CREATE TABLE "faq_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"culture" text DEFAULT 'en-us' NOT NULL,
	"part" text NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"header" text NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"question_text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "faq_questions_culture_check" CHECK ("faq_questions"."culture" in ('en-us', 'es'))
);
--> statement-breakpoint
CREATE TABLE "input_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"culture" text DEFAULT 'en-us' NOT NULL,
	"key" text NOT NULL,
	"component" text GENERATED ALWAYS AS (split_part("key", '_', 1)) STORED,
	"title" text DEFAULT '' NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"min_value" integer,
	"max_value" integer,
	"validation_regex" text,
	"validation_message" text DEFAULT '' NOT NULL,
	"place_holder" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"mask_regex" text,
	"icon_class" text,
	"icon_orientation" text,
	"sufix" text,
	"prefix" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "input_resources_key_culture_client_unique" UNIQUE NULLS NOT DISTINCT("key","culture","client_id"),
	CONSTRAINT "input_resources_culture_check" CHECK ("input_resources"."culture" in ('en-us', 'es'))
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"culture" text DEFAULT 'en-us' NOT NULL,
	"key" text NOT NULL,
	"component" text GENERATED ALWAYS AS (split_part("key", '_', 1)) STORED,
	"value" text NOT NULL,
	"is_html" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "labels_key_culture_client_unique" UNIQUE NULLS NOT DISTINCT("key","culture","client_id"),
	CONSTRAINT "labels_culture_check" CHECK ("labels"."culture" in ('en-us', 'es'))
);
--> statement-breakpoint
CREATE TABLE "list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"culture" text DEFAULT 'en-us' NOT NULL,
	"list_name" text NOT NULL,
	"item_key" text NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "list_items_list_key_culture_client_unique" UNIQUE NULLS NOT DISTINCT("list_name","item_key","culture","client_id"),
	CONSTRAINT "list_items_culture_check" CHECK ("list_items"."culture" in ('en-us', 'es'))
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"culture" text DEFAULT 'en-us' NOT NULL,
	"section" text NOT NULL,
	"link_url" text NOT NULL,
	"image_name" text DEFAULT '' NOT NULL,
	"caption" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"role_access" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "menu_items_section_link_culture_client_unique" UNIQUE NULLS NOT DISTINCT("section","link_url","culture","client_id"),
	CONSTRAINT "menu_items_culture_check" CHECK ("menu_items"."culture" in ('en-us', 'es'))
);
--> statement-breakpoint
CREATE TABLE "portal_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "portal_settings_key_client_unique" UNIQUE NULLS NOT DISTINCT("key","client_id")
);
--> statement-breakpoint
CREATE TABLE "resource_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_versions_client_unique" UNIQUE NULLS NOT DISTINCT("client_id")
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"background_color" text NOT NULL,
	"text_color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "themes_client_unique" UNIQUE NULLS NOT DISTINCT("client_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT 'ALL' NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"level" text NOT NULL,
	"application_name" text DEFAULT '' NOT NULL,
	"location_url" text NOT NULL,
	"device_info" text DEFAULT '' NOT NULL,
	"environment" text NOT NULL,
	"request_id" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "error_log_level_check" CHECK ("error_log"."level" in ('ERROR', 'AUDIT')),
	CONSTRAINT "error_log_environment_check" CHECK ("error_log"."environment" in ('LOCAL', 'QA', 'DEV', 'PROD'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_applications" ADD CONSTRAINT "client_applications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_applications" ADD CONSTRAINT "client_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_applications" ADD CONSTRAINT "client_applications_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_cms_site_id_cms_sites_id_fk" FOREIGN KEY ("cms_site_id") REFERENCES "public"."cms_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_fields" ADD CONSTRAINT "sub_fields_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_application_roles" ADD CONSTRAINT "instance_application_roles_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_application_roles" ADD CONSTRAINT "instance_application_roles_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_field_values" ADD CONSTRAINT "instance_field_values_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_field_values" ADD CONSTRAINT "instance_field_values_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assets" ADD CONSTRAINT "client_assets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "input_resources" ADD CONSTRAINT "input_resources_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_items" ADD CONSTRAINT "list_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_settings" ADD CONSTRAINT "portal_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_versions" ADD CONSTRAINT "resource_versions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_applications_application_idx" ON "client_applications" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_applications_single_default_redirect" ON "client_applications" USING btree ("client_id") WHERE "client_applications"."default_redirect";--> statement-breakpoint
CREATE INDEX "sub_fields_field_order_idx" ON "sub_fields" USING btree ("field_id","sort_order");--> statement-breakpoint
CREATE INDEX "template_fields_template_order_idx" ON "template_fields" USING btree ("template_id","display_order");--> statement-breakpoint
CREATE INDEX "template_fields_field_idx" ON "template_fields" USING btree ("field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_single_default" ON "templates" USING btree ("is_default") WHERE "templates"."is_default";--> statement-breakpoint
CREATE INDEX "instance_application_roles_application_idx" ON "instance_application_roles" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "instance_field_values_field_idx" ON "instance_field_values" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "instances_email_idx" ON "instances" USING btree ("email");--> statement-breakpoint
CREATE INDEX "faq_questions_client_culture_idx" ON "faq_questions" USING btree ("client_id","culture","part","sort_order");--> statement-breakpoint
CREATE INDEX "input_resources_component_culture_idx" ON "input_resources" USING btree ("component","culture");--> statement-breakpoint
CREATE INDEX "labels_component_culture_idx" ON "labels" USING btree ("component","culture");--> statement-breakpoint
CREATE INDEX "list_items_list_culture_idx" ON "list_items" USING btree ("list_name","culture");--> statement-breakpoint
CREATE INDEX "menu_items_section_culture_idx" ON "menu_items" USING btree ("section","culture");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "error_log_created_at_idx" ON "error_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address");