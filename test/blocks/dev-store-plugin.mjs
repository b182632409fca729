// wtr plugin: starts the dev store (a child process) for block tests and tells the page where it is via
// GET /__dev-store → {"storeUrl": "http://localhost:N/store/"}. Catalogs: the demo catalog plus test catalogs.
import { spawn } from 'node:child_process';

export function devStorePlugin({ catalogs = ['demo/catalog/demo-catalog.ttl', 'test/fixtures/hostile-catalog.ttl'] } = {}) {
  let child;
  let storeUrl;
  return {
    name: 'dev-store',
    async serverStart() {
      const args = ['--import', 'tsx', 'demo/store/main.ts', '--port', '0', '--quiet'];
      for (const c of catalogs) args.push('--catalog', c);
      child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      storeUrl = await new Promise((resolve, reject) => {
        let buf = '';
        const timer = setTimeout(() => reject(new Error('dev store did not start within 60 s')), 60000);
        child.stdout.on('data', (d) => {
          buf += d;
          const m = buf.match(/(http:\/\/localhost:\d+\/store\/)/);
          if (m) { clearTimeout(timer); resolve(m[1]); }
        });
        child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`dev store exited with ${code}`)); });
      });
    },
    async serverStop() {
      child?.kill();
    },
    serve(context) {
      if (context.path === '/__dev-store') return { body: JSON.stringify({ storeUrl }), type: 'json' };
    },
  };
}
