import * as v from 'valibot';
import { DemoGuideSchema, type DemoGuide } from '@contracts/demo-guide';
import { http, type CallOptions } from './http';

/** GET demo/guide: the demo people, answered only while the demo world is on (a 404 otherwise). */
export async function getDemoGuide(options: CallOptions = {}): Promise<DemoGuide> {
  return v.parse(DemoGuideSchema, await http.get('demo/guide', options).json());
}
