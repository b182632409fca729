/**
 * The blocks of a facet search page, which the CDN build puts into one chunk (`search`, vite.config.ts): the rows of
 * the loader's table (./block-loaders.ts) for their tags import this module, so the chunk needs one namespace object
 * for all of them (issue 27 point 2). Importing the chunk defines them all anyway.
 */
import '../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import '../blocks/dataset-facets/dataset-facets.element.ts';
import '../blocks/dataset-facets/facets.ts';
import '../blocks/dataset-list/dataset-list.ts';
import '../blocks/dataset-multi-search/dataset-multi-search.ts';
import '../blocks/dataset-multi-search/multi-search.ts';
import '../blocks/dataset-results/dataset-results.ts';
import '../blocks/facet-search-responsiveness/facet-search-responsiveness.ts';
import '../blocks/facet-search-responsiveness/responsiveness.ts';
