// Makes tests/server/upgrade/release-1/: a database as the first release left it, for the upgrade test
// (tests/server/upgrade/from-release-1.test.ts). Run by hand, never by the tests; see that folder's README.md.
//
//   git worktree add --detach /tmp/release-1 2f9f047 && ln -s "$PWD/node_modules" /tmp/release-1/node_modules
//   createdb -h 127.0.0.1 -U postgres gatehouse_release_1
//   (cd /tmp/release-1 && node --import tsx "$OLDPWD/scripts/release-1-fixture.mjs" /tmp/release-1 \
//     postgres://postgres@127.0.0.1:5432/gatehouse_release_1 "$OLDPWD/tests/server/upgrade/release-1")
//
// It runs the first release's own code (its migrations, demo seed and identity provider), so the rows are exactly what
// that release wrote: passwords hashed as it hashed them, the signing key and the TOTP secret in plain text, as it kept
// them. Then it signs maria in through that release's provider for tokens it signed, and dumps the rows with pg_dump.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, databaseUrl, out] = process.argv.slice(2);
if (!root || !databaseUrl || !out) throw new Error('usage: release-1-fixture.mjs RELEASE_ROOT DATABASE_URL OUT_DIR');
const load = (file) => import(pathToFileURL(path.join(root, file)).href);

const { openDatabase } = await load('server/db/client.ts');
const { migrate } = await load('server/db/migrate.ts');
const { migrateIdp } = await load('server/idp/migrate.ts');
const { seedDemoWorldIfEmpty } = await load('server/db/seed/index.ts');
const { seedDemoIdentities } = await load('server/idp/seed/demo-identities.ts');
const { registerIdp } = await load('server/idp/plugin.ts');
const { findUserByLogin } = await load('server/idp/users/directory.ts');
const { enrollTotp } = await load('server/idp/factors/store.ts');
const { spaClient, discoverOverHttp, signInForTokens } = await load('tests/server/idp/harness.ts');
const { default: Fastify } = await import('fastify');

const PORT = 48951;
const PASSWORD = 'Gatehouse-demo-2026!';
const MARIA = 'ACME__maria@acme.test';
const SAM = 'GLBX__sam@globex.test';

const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
await migrate(database);
await migrateIdp(database);
await seedDemoWorldIfEmpty(database.db);
await seedDemoIdentities(database.db);

const origin = `http://localhost:${PORT}`;
const app = Fastify({ logger: false });
await registerIdp(app, { db: database.db, issuer: `${origin}/oauth2/default`, clients: [spaClient] });
await app.listen({ host: '127.0.0.1', port: PORT });
const config = await discoverOverHttp(`${origin}/oauth2/default`);
const tokens = await signInForTokens({ origin }, config, {
  username: MARIA,
  password: PASSWORD,
  scope: 'openid profile email offline_access',
});
await app.close();

// Sam's authenticator app, enrolled and activated as that release did it (the secret kept in plain text).
const sam = await findUserByLogin(database.db, SAM);
const { factor } = await enrollTotp(database.db, sam.id, 'GOOGLE');
await database.client.query(`update idp_factors set status = 'ACTIVE', qr_token_hash = null where id = $1`, [
  factor.id,
]);
// What the upgraded catalogue must still hold, as this release saw it.
const names = async (query) => (await database.client.query(query)).rows.map((row) => row.name);
const catalogue = {
  applications: await names('select name from applications order by name'),
  clients: await names('select portal_alias as name from clients order by portal_alias'),
  fields: await names('select dictionary_name as name from fields order by dictionary_name'),
  templates: await names('select name from templates order by name'),
  faqQuestions: (await names('select question_text as name from faq_questions')).length,
};
await database.close();

mkdirSync(out, { recursive: true });
const dump = execFileSync(
  'pg_dump',
  ['--data-only', '--column-inserts', '--no-owner', '--no-privileges', '--exclude-schema=drizzle', databaseUrl],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
// Only the rows: pg_dump's session settings (an empty search_path among them) would outlive the load in PGlite's one
// connection. The migrations' own bookkeeping is made by the test's migrations, not loaded.
const rows = dump
  .split('\n')
  .filter((line) => !/^(SET |SELECT pg_catalog\.set_config|--|\\)/.test(line) && line.trim() !== '')
  .filter((line) => !line.includes('__idp_migrations'))
  .join('\n');
writeFileSync(path.join(out, 'rows.sql'), `${rows}\n`);
writeFileSync(
  path.join(out, 'release.json'),
  `${JSON.stringify(
    {
      commit: execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
      password: PASSWORD,
      maria: MARIA,
      sam: { login: SAM, totpSecret: factor.secret },
      idToken: tokens.id_token,
      accessToken: tokens.access_token,
      catalogue,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${out}`);
