#!/usr/bin/env node
// The `catalog-blocks-mcp` bin: runs dist/node/mcp-server.js, or the sources in a clone (see launch.js).
import { launch } from './launch.js';

await launch('mcp-server');
