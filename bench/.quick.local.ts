import { benchAdminListsLoad } from './admin-lists-load';
import { benchResourcesLoad } from './resources-load';
void (async () => {
  const figures = [...(await benchResourcesLoad()), ...(await benchAdminListsLoad())];
  console.log(JSON.stringify(figures));
})();
