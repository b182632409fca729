#!/usr/bin/env node
// The `catalog-blocks` bin: runs dist/node/catalog-blocks.js, or the sources in a clone (see launch.js).
import { launch } from './launch.js';

await launch('catalog-blocks');
