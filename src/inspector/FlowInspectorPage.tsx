import { openBrowserChannel } from './channel';
import { FlowInspector } from './FlowInspector';
import { inspectorTab } from './hook';
import { machineCatalogue } from './machine-catalogue';

const catalogue = machineCatalogue();

/** `/dev/flows` (src/app/routes.ts): the flow inspector on the browser's BroadcastChannel. Its own lazy chunk. */
export function FlowInspectorPage() {
  return <FlowInspector openChannel={openBrowserChannel} tab={inspectorTab} catalogue={catalogue} />;
}
