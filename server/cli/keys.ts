import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { defaultKeyPolicy, listSigningKeys, rotateSigningKey, signerAt, type KeyPolicy } from '../idp/keys';
import { migrateIdp } from '../idp/migrate';
import { openSealedSecrets } from '../idp/sealing';
import { loadServerSecret } from '../secrets/server-secret';

/**
 * `npm run keys -- list | rotate`: the embedded IdP's signing keys, against the same DATABASE_URL / DATA_DIR and
 * server secret as the server (docs/operations.md "Signing keys"). `rotate` publishes a successor now, signing after
 * IDP_KEY_OVERLAP_HOURS; running servers pick it up within a minute. Exit codes: 0 done, 1 refused or failed, 2 usage.
 * On PGlite, stop the server first (one process owns the data directory).
 */
const USAGE = 'usage: npm run keys -- list | rotate';

async function main(command: string | undefined): Promise<number> {
  if (command !== 'list' && command !== 'rotate') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig(process.env);
  if (config.okta !== null) {
    process.stderr.write('OKTA_ISSUER is set: the real Okta org keeps its own keys\n');
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  try {
    await migrate(database);
    await migrateIdp(database);
    const sealer = await openSealedSecrets(database.db, loadServerSecret(config));
    const policy: KeyPolicy = {
      ...defaultKeyPolicy,
      rotateAfterMs: config.idpPolicy.keyRotationDays * 24 * 3600_000,
      overlapMs: config.idpPolicy.keyOverlapHours * 3600_000,
    };
    const now = new Date();
    if (command === 'rotate') {
      const key = await rotateSigningKey(database.db, sealer, policy, now);
      process.stdout.write(`${key.jwk.kid} published; signs from ${key.signsFrom.toISOString()}\n`);
      return 0;
    }
    const keys = await listSigningKeys(database.db, sealer);
    const signer = signerAt(keys, now);
    for (const key of keys) {
      const state = !key.active ? 'retired' : key === signer ? 'signing' : key.signsFrom > now ? 'waiting' : 'retiring';
      const retires = key.retiresAt === null ? '' : ` retires ${key.retiresAt.toISOString()}`;
      process.stdout.write(
        `${key.jwk.kid} ${state} published ${key.createdAt.toISOString()} signs ${key.signsFrom.toISOString()}${retires}\n`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`keys: ${message}\n`);
    process.exit(1);
  },
);
