import type { Application, Region } from '@contracts/admin/applications';

export const regions: Region[] = [
  { id: '0b6c3f0e-8a43-4d5e-9d55-2f1f4e7f2a01', name: 'North America' },
  { id: '0b6c3f0e-8a43-4d5e-9d55-2f1f4e7f2a02', name: 'Europe' },
];

/** A catalogue application as the API answers it. */
export const applicationRow = (overrides: Partial<Application> = {}): Application => ({
  applicationId: '7d1f7c2e-1111-4c7e-8f00-000000000001',
  applicationName: 'Benefits Center',
  regionId: regions[0]!.id,
  regionName: 'North America',
  applicationLink: 'https://benefits.example.test/{userName}',
  iconIdentifier: 'heart-pulse',
  defaultRoleValue: 'member',
  alias: 'benefits',
  version: 3,
  ...overrides,
});

/** `count` applications with distinct names, aliases, regions and links. */
export const manyApplications = (count: number): Application[] =>
  Array.from({ length: count }, (_, i) =>
    applicationRow({
      applicationId: `7d1f7c2e-1111-4c7e-8f00-${String(i).padStart(12, '0')}`,
      applicationName: `${i % 3 === 0 ? 'Claims' : 'Benefits'} Portal ${i}`,
      alias: i % 5 === 0 ? null : `app-${i}`,
      regionName: i % 2 === 0 ? 'North America' : 'Europe',
      applicationLink: `https://app${i}.example.test/start`,
    }),
  );
