import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { environments, errorLevels } from '@contracts/error-log';
import { id, sqlList } from './columns';

/** Errors the SPA reports (POST Instance/NewError), with the request and the caller that reported them. */
export const errorLog = pgTable(
  'error_log',
  {
    id: id(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    details: text('details').notNull().default(''),
    audience: text('audience').notNull().default('ALL'),
    action: text('action').notNull().default(''),
    level: text('level').$type<(typeof errorLevels)[number]>().notNull(),
    applicationName: text('application_name').notNull().default(''),
    locationUrl: text('location_url').notNull(),
    deviceInfo: text('device_info').notNull().default(''),
    environment: text('environment').$type<(typeof environments)[number]>().notNull(),
    requestId: text('request_id'),
    /** Identity-provider user id of the caller, when signed in. */
    userId: text('user_id'),
    /**
     * The reporting person's client, resolved from their profile when the error is written (not joined at read time:
     * the row keeps its client when the person is deleted later), so a client administrator reads only their client's
     * errors. Null: anonymous, or a caller without a profile. No foreign key: a log outlives what it names.
     */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('error_log_created_at_idx').on(t.createdAt),
    index('error_log_client_created_at_idx').on(t.clientId, t.createdAt),
    check('error_log_level_check', sql`${t.level} in (${sqlList(errorLevels)})`),
    check('error_log_environment_check', sql`${t.environment} in (${sqlList(environments)})`),
  ],
);

/** Who changed what: one row per administrative change, with the entity before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Login (or user id) of whoever made the change; `system` for the server itself. */
    actor: text('actor').notNull(),
    /** `create`, `update`, `delete`, … */
    action: text('action').notNull(),
    /** Table or aggregate name: `client`, `application`, `label`, … */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * The client the changed record belongs to, so a client administrator reads only their client's changes; null
     * for a provider-wide change (an application, a template, a field). No foreign key: the row outlives the client.
     */
    clientId: uuid('client_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_client_at_idx').on(t.clientId, t.at),
  ],
);

/** Mail to send. Without SMTP the outbox is where mail stays (the server logs it, tests read it). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
    index('mail_outbox_to_idx').on(t.to),
  ],
);

/**
 * Fixed-window attempt counters of the portal's own limits (sign-up per address and per e-mail), kept in the database
 * so several processes count together (the same counter as the embedded IdP's `idp_rate_limits`, which does not exist
 * with a real Okta org).
 */
export const portalRateLimits = pgTable('portal_rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * Captcha solutions already used (ALTCHA challenges are single use): the challenge's signature, until it expires.
 * An insert that conflicts is a replay.
 */
export const captchaSpent = pgTable(
  'captcha_spent',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_spent_expires_idx').on(t.expiresAt)],
);
