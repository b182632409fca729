// One W3C Nu validator (vnu-jar) for a whole test run, in its HTTP service mode: the JVM starts once (~1 s) and each
// document then takes tens of milliseconds, instead of a JVM start per document (seconds each on a loaded 2-core CI
// machine, which made validity tests time out). Used by the block tests' plugin and the end-to-end tests.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

let service; // Promise<{ url, child }>

async function freePort() {
  const srv = createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

async function start() {
  const jar = String(createRequire(import.meta.url)('vnu-jar'));
  const port = await freePort();
  // -Xss: the HTML schema's RELAX NG patterns recurse deeply (the default thread stack overflows on some JVMs)
  const child = spawn('java', ['-Xss8m', '-cp', jar, 'nu.validator.servlet.Main', String(port)], { stdio: 'ignore' });
  child.unref();
  const exited = new Promise((_, reject) => child.on('exit', (code) => reject(new Error(`vnu service exited with ${code}`))));
  exited.catch(() => {});
  const url = `http://127.0.0.1:${port}/?out=json`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await Promise.race([fetch(`http://127.0.0.1:${port}/`), exited]);
      if (res.ok) break;
    } catch (e) {
      if (Date.now() > deadline || /exited/.test(String(e))) throw new Error(`the Nu validator did not start: ${e}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  process.once('exit', () => child.kill());
  return { url, child };
}

/** Validates one whole HTML document; resolves with the validator's JSON report ({ messages: [...] }). */
export async function validateHtml(text) {
  service ??= start();
  const { url } = await service;
  const res = await fetch(url, { method: 'POST', body: text, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  if (!res.ok) throw new Error(`the Nu validator answered ${res.status}`);
  return res.json();
}

/** Stops the service (the process exit hook does it too). */
export async function stopValidator() {
  if (!service) return;
  const s = service;
  service = undefined;
  try {
    (await s).child.kill();
  } catch {
    /* never started */
  }
}
