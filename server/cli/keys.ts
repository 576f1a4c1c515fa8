import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { defaultKeyPolicy, listSigningKeys, rotateSigningKey, signerAt, type KeyPolicy } from '../idp/keys';
import { migrateIdp } from '../idp/migrate';
import { openSealedSecrets, resealSecrets } from '../idp/sealing';
import { loadServerSecret } from '../secrets/server-secret';
import { EXIT, say, UsageError, withDatabase, type Command } from './command';

/**
 * `gatehouse keys list | rotate | reseal --new-secret-file F`: the embedded IdP's signing keys and sealed secrets,
 * against the same DATABASE_URL / DATA_DIR and server secret as the server (docs/operations.md "Signing keys").
 * `rotate` publishes a successor now, signing after IDP_KEY_OVERLAP_HOURS; running servers pick it up within a minute.
 * `reseal` moves every sealed value to the secret in F (its bytes, as DATA_DIR/server-secret holds them).
 * On PGlite, stop the server first (one process owns the data directory).
 */
export const keysCommand: Command = {
  summary: "list or rotate the identity provider's signing keys; reseal its secrets under a new server secret",
  usage: 'gatehouse keys list | rotate | reseal --new-secret-file FILE',
  async run(args) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { 'new-secret-file': { type: 'string' } },
    });
    const [action] = positionals;
    if (positionals.length !== 1 || (action !== 'list' && action !== 'rotate' && action !== 'reseal'))
      throw new UsageError('keys needs one of list, rotate, reseal');
    const newSecretFile = values['new-secret-file'];
    if ((action === 'reseal') !== (newSecretFile !== undefined))
      throw new UsageError('--new-secret-file goes with reseal, and reseal needs it');
    return withDatabase(async (database, config) => {
      if (config.okta !== null) throw new Error('OKTA_ISSUER is set: the real Okta org keeps its own keys');
      await migrate(database);
      await migrateIdp(database);
      if (newSecretFile !== undefined) return reseal(database, config, newSecretFile);
      return action === 'rotate' ? rotate(database, config) : list(database, config);
    });
  },
};

function policyOf(config: Config): KeyPolicy {
  return {
    ...defaultKeyPolicy,
    rotateAfterMs: config.idpPolicy.keyRotationDays * 24 * 3600_000,
    overlapMs: config.idpPolicy.keyOverlapHours * 3600_000,
  };
}

async function rotate(database: Database, config: Config): Promise<number> {
  const sealer = await openSealedSecrets(database.db, loadServerSecret(config));
  const key = await rotateSigningKey(database.db, sealer, policyOf(config), new Date());
  process.stdout.write(`${key.jwk.kid} published; signs from ${key.signsFrom.toISOString()}\n`);
  return EXIT.ok;
}

async function list(database: Database, config: Config): Promise<number> {
  const sealer = await openSealedSecrets(database.db, loadServerSecret(config));
  const keys = await listSigningKeys(database.db, sealer);
  const now = new Date();
  const signer = signerAt(keys, now);
  for (const key of keys) {
    const state = !key.active ? 'retired' : key === signer ? 'signing' : key.signsFrom > now ? 'waiting' : 'retiring';
    const retires = key.retiresAt === null ? '' : ` retires ${key.retiresAt.toISOString()}`;
    process.stdout.write(
      `${key.jwk.kid} ${state} published ${key.createdAt.toISOString()} signs ${key.signsFrom.toISOString()}${retires}\n`,
    );
  }
  return EXIT.ok;
}

/** The new secret must be as strong as SERVER_SECRET is required to be (server/config.ts). */
const MIN_SECRET_BYTES = 32;

async function reseal(database: Database, config: Config, newSecretFile: string): Promise<number> {
  const newSecret = readFileSync(newSecretFile);
  if (newSecret.length < MIN_SECRET_BYTES)
    throw new Error(`the new secret in ${newSecretFile} is shorter than ${MIN_SECRET_BYTES} bytes`);
  const count = await resealSecrets(database.db, loadServerSecret(config), newSecret);
  say(
    `keys: ${count} sealed values moved to the new secret; now set SERVER_SECRET (or replace DATA_DIR/server-secret) with it and restart every process`,
  );
  return EXIT.ok;
}
