import { describe, expect, it } from 'vitest';
import { environmentOf } from '@src/app/environment';

/** The error log entry's Environment, derived from the host (public-and-profile §3 "Error log entry"). */
describe('the environment of the host', () => {
  it('is LOCAL on the machine itself', () => {
    expect(['localhost', '127.0.0.1', '[::1]'].map(environmentOf)).toEqual(['LOCAL', 'LOCAL', 'LOCAL']);
  });

  it('is QA or DEV when a part of the host names it, numbered or not, in any case', () => {
    expect(environmentOf('qa.portal.example.com')).toBe('QA');
    expect(environmentOf('portal-qa2.example.com')).toBe('QA');
    expect(environmentOf('DEV.portal.example.com')).toBe('DEV');
    expect(environmentOf('portal-dev.example.com')).toBe('DEV');
  });

  it('is PROD otherwise, also for a host whose words merely contain the letters', () => {
    expect(environmentOf('portal.example.com')).toBe('PROD');
    expect(environmentOf('aquarium.example.com')).toBe('PROD');
    expect(environmentOf('devices.example.com')).toBe('PROD');
  });
});
