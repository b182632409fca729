/**
 * `catalog-blocks`: every block, registered as custom elements on import, plus their classes.
 * One line per block folder (`blocks/<tag>/<tag>.ts`); `npm run build` warns when a block folder is missing here.
 */
export * from '../blocks/base/store-provider.ts';
export * from '../blocks/dataset-view/dataset-view.ts';
export * from '../blocks/dataservice-view/dataservice-view.ts';
export * from '../blocks/dataset-list/dataset-list.ts';
export * from '../blocks/dataset-results/dataset-results.ts';
export * from '../blocks/dataset-list-layout/dataset-list-layout.ts';
