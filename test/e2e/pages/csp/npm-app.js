// An application bundle that imports the npm entry (`import 'catalog-blocks'`), served by the page's origin.
import '/npm/index.js';
