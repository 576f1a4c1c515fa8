import type { environments } from '@contracts/error-log';

export type Environment = (typeof environments)[number];

/**
 * A name of the host (one label, or a label's hyphen-separated part) that marks the environment: `qa`, `dev`, each
 * optionally numbered (`qa2`). Matched on whole parts, not on letters, so `aquarium.example.com` or
 * `devices.example.com` are production hosts, while `qa.portal.example.com` and `portal-dev2.example.com` are not.
 */
const marks = (host: string, mark: 'qa' | 'dev') =>
  host.split(/[.-]/).some((part) => new RegExp(`^${mark}\\d*$`).test(part));

/** The error log's Environment, derived from the host (spec §3): local, QA, development or production. */
export function environmentOf(hostname: string): Environment {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.startsWith('127.') || host === '[::1]') return 'LOCAL';
  if (marks(host, 'qa')) return 'QA';
  if (marks(host, 'dev')) return 'DEV';
  return 'PROD';
}
