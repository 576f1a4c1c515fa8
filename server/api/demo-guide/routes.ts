import { DemoGuideSchema } from '@contracts/demo-guide';
import { defineArea } from '../area';
import { demoGuide } from './service';

/**
 * The login page's demo guide (issue 13): who the demo people are. Registered only while the demo world is on, i.e.
 * DEMO_DATA with the embedded identity provider (only then do the people have accounts); otherwise the address is
 * unknown and answers 404, so a production portal never lists accounts.
 */
export const demoGuideArea = defineArea({
  name: 'demo-guide',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app, { config }) => {
    if (!config.demoData || config.okta !== null) return;
    app.get('/demo/guide', { schema: { response: { 200: DemoGuideSchema } } }, (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return demoGuide();
    });
  },
});
