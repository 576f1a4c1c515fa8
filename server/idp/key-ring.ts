import type Provider from 'oidc-provider';
import { createLocalJWKSet, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Db } from '../db/client';
import type { Sealer } from '../secrets/seal';
import {
  defaultKeyPolicy,
  maintainSigningKeys,
  publicJwk,
  signerAt,
  type KeyPolicy,
  type SigningJwk,
  type StoredKey,
} from './keys';
import { setProviderKeys } from './oauth/provider-keys';

/** How often a process reads the key set again (and rotates or retires keys when due). */
export const KEY_REFRESH_MS = 60_000;

/**
 * One process's view of the signing keys: loaded at start, refreshed every minute from the database (where another
 * process may have rotated), and pushed into oidc-provider so that it signs with the current key and publishes every
 * key in the JWKS. `now` is injectable so tests move time instead of waiting.
 */
export class KeyRing {
  private keys: StoredKey[] = [];
  private provider: Provider | undefined;
  private timer: NodeJS.Timeout | undefined;
  private verifier: { of: StoredKey[]; keySet: JWTVerifyGetKey } | undefined;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    readonly policy: KeyPolicy = defaultKeyPolicy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Rotates or retires what is due, reads the set, and hands it to the provider. */
  async refresh(): Promise<void> {
    const now = this.now();
    this.keys = await maintainSigningKeys(this.db, this.sealer, this.policy, now);
    if (this.provider)
      setProviderKeys(
        this.provider,
        this.signing(),
        this.keys.map((key) => key.jwk),
      );
  }

  /** The key that signs now. */
  signing(): SigningJwk {
    const signer = signerAt(this.keys, this.now());
    if (signer === undefined) throw new Error('the key ring was not loaded');
    return signer.jwk;
  }

  /** Every key of the JWKS: the signing one, a successor waiting to sign, predecessors whose tokens still live. */
  published(): SigningJwk[] {
    return this.keys.map((key) => key.jwk);
  }

  publicKeys(): JWK[] {
    return this.published().map(publicJwk);
  }

  /**
   * The published keys as a verifier's key set. Made again only when a refresh read a new set, not for every token:
   * a key set imports its keys once, and every signed-in API call verifies a token.
   */
  keySet(): JWTVerifyGetKey {
    if (this.verifier?.of !== this.keys) {
      this.verifier = { of: this.keys, keySet: createLocalJWKSet({ keys: this.publicKeys() }) };
    }
    return this.verifier.keySet;
  }

  attach(provider: Provider): void {
    this.provider = provider;
    setProviderKeys(provider, this.signing(), this.published());
  }

  start(onError: (error: unknown) => void, intervalMs = KEY_REFRESH_MS): void {
    this.timer = setInterval(() => void this.refresh().catch(onError), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
