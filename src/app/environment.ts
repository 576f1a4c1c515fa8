import type { environments } from '@contracts/error-log';

export type Environment = (typeof environments)[number];

/** The error log's Environment, derived from the host (spec §3): local, QA, development or production. */
export function environmentOf(hostname: string): Environment {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.startsWith('127.') || host === '[::1]') return 'LOCAL';
  if (host.includes('qa')) return 'QA';
  if (host.includes('dev')) return 'DEV';
  return 'PROD';
}
