// `docsgen serve [--watch]`: build once, serve the output like a static host, and with --watch
// rebuild on every change, reload open pages, and show a broken edit without dropping the last good site.
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { build, createBuildCache } from '../compiler/build.ts';
import type { ChangeHint } from '../compiler/collect-docs.ts';
import { IncrementalWriter } from '../compiler/write-output.ts';
import { DocsgenError, formatDiagnostic } from '../compiler/errors.ts';
import { createStaticServer } from './static-server.ts';
import { prepareOnDemand, requestedRoute, type OnDemandSite } from '../compiler/render-on-demand.ts';

export interface ServeOptions {
  config: string;
  out: string;
  watch?: boolean;
  port: number;
  host: string;
  verbose?: boolean;
}

const EVENTS_PATH = '/__docsgen/events';
/** Editors save in more than one write; events this close together make one rebuild. */
const DEBOUNCE_MS = 10;
/** The search index is brought up to date once the writer has not saved for this long. */
const SEARCH_IDLE_MS = 1000;
/** How long the first full build waits for a first page request to serve before it. */
const FIRST_BUILD_GRACE_MS = 1500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function serve(opts: ServeOptions): Promise<number> {
  const started = performance.now();
  const outDir = path.resolve(opts.out);
  const cache = createBuildCache();
  const sink = opts.watch ? new IncrementalWriter(outDir) : undefined;
  let redirects = new Map<string, string>();
  let lastError: string | undefined;
  const clients = new Set<ServerResponse>();

  /** What the watcher reported since the last build started; undefined for the first build. */
  let pending: ChangeHint | undefined;

  let idleTimer: NodeJS.Timeout | undefined;
  let latestSearch: (() => Promise<void>) | undefined;
  // Watch mode serves at once: pages are rendered on demand until the first full build is done.
  let onDemand: OnDemandSite | undefined;
  let built = false;

  const rebuild = async (): Promise<boolean> => {
    const t0 = performance.now();
    const changed = pending;
    pending = { files: new Set(), structural: false };
    try {
      const result = await build({ config: opts.config, outDir: opts.out, cache, sink, changed });
      redirects = result.redirects;
      // The first build's pages are those already shown on demand: nothing to reload for.
      const first = !built;
      built = true;
      onDemand = undefined;
      const recovered = lastError !== undefined;
      lastError = undefined;
      for (const w of result.warnings) console.warn(formatDiagnostic(w));
      console.log(`docsgen: built ${result.pageCount} pages in ${Math.round(performance.now() - t0)} ms`);
      if (opts.verbose) console.log(`stages (ms): ${JSON.stringify(result.timings)}`);
      // A build that changed no file (a save without changes) leaves open pages alone, unless
      // they show the error overlay of the build before.
      const changedFiles = !sink || sink.written.length > 0;
      if ((changedFiles && !(first && opts.watch)) || recovered) broadcast('reload', '');
      if (result.followUp.warm) setImmediate(() => void result.followUp.warm!());
      if (result.followUp.search) {
        // The newest build's index is the one made (it stops an older one halfway); a save that
        // changed nothing does not push the moment back.
        latestSearch = result.followUp.search;
        if (changedFiles || !idleTimer) {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(() => {
            idleTimer = undefined;
            void latestSearch?.();
          }, SEARCH_IDLE_MS);
        }
      }
      return true;
    } catch (e) {
      // What this build consumed may not have been read (it stopped early): check everything next time.
      pending = undefined;
      lastError = e instanceof DocsgenError ? e.message : String((e as Error)?.stack ?? e);
      console.error(lastError);
      console.error('docsgen: build failed; still serving the last good build');
      broadcast('build-error', lastError);
      // With no good build yet, pages keep being rendered on demand, from the sources as they are now.
      if (opts.watch && !built) await prepare();
      return false;
    }
  };

  const broadcast = (event: string, data: string) => {
    const payload = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of clients) c.write(payload);
  };

  let pageServed = () => {};
  const firstPageServed = new Promise<void>((resolve) => (pageServed = resolve));
  /**
   * Makes the on-demand site again (after a failed first build, or an edit before the first build
   * is done): with a hint, only the changed files are read again. Open pages reload to show it.
   */
  const prepare = async (changed?: ChangeHint) => {
    try {
      const site = await prepareOnDemand({ config: opts.config, outDir: opts.out, cache, changed });
      if (built) return; // a full build finished meanwhile, and its output is what is served now
      onDemand = site;
      redirects = site.redirects;
      if (opts.verbose) console.log(`on-demand stages (ms): ${JSON.stringify(site.timings)}`);
      if (changed) broadcast('reload', '');
    } catch (e) {
      if (built) return;
      // The full build reports the same problem, with the overlay; until then, nothing to show.
      onDemand = undefined;
      if (!(e instanceof DocsgenError)) console.error(String((e as Error)?.stack ?? e));
      else if (changed) broadcast('build-error', e.message);
    }
  };
  if (opts.watch) await prepare();
  else if (!(await rebuild())) return 1;

  const server = createStaticServer({
    root: () => outDir,
    redirects: () => redirects,
    transformHtml: opts.watch ? injectLiveReload : undefined,
    onDemand: opts.watch
      ? async (urlPath) => {
          if (!onDemand) return undefined;
          const { route, kind } = requestedRoute(urlPath);
          const body = await onDemand.render(route, kind).catch((e: unknown) => {
            console.error(`docsgen: could not render ${route} on demand: ${(e as Error)?.message ?? e}`);
            return undefined;
          });
          if (body !== undefined && kind === 'html') pageServed();
          return body === undefined ? undefined : { name: kind === 'html' ? 'index.html' : 'data.json', body };
        }
      : undefined,
    extraRoutes: opts.watch
      ? (req: IncomingMessage, res: ServerResponse) => {
          if (req.url !== EVENTS_PATH) return false;
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
          res.write(': connected\n\n');
          if (lastError) res.write(`event: build-error\ndata: ${JSON.stringify(lastError)}\n\n`);
          clients.add(res);
          req.on('close', () => clients.delete(res));
          return true;
        }
      : undefined,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  console.log(`docsgen: serving ${opts.out}/ at http://${opts.host}:${port}/ (ready in ${Math.round(performance.now() - started)} ms)`);

  let closeWatcher = async () => {};
  if (opts.watch) {
    // The watcher and the first full build wait for the first page asked for (or a moment without
    // one): scanning the folders and transforming every page would take the cores that page needs.
    // Anything saved before the build starts is in it.
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.race([firstPageServed, delay(FIRST_BUILD_GRACE_MS)]).then(async () => {
      let early: ChangeHint = { files: new Set(), structural: false };
      closeWatcher = await watchSources(opts.config, outDir, (event, file) => {
        for (const hint of [(pending ??= { files: new Set(), structural: false }), early]) {
          hint.files.add(path.resolve(file));
          if (event !== 'change') hint.structural = true;
        }
        clearTimeout(timer);
        timer = setTimeout(() => {
          running = running.then(rebuild);
          // Before the first build is done, the edit shows at once through the on-demand pages.
          if (!built) void prepare(early);
          early = { files: new Set(), structural: false };
        }, DEBOUNCE_MS);
      });
      return rebuild();
    });
  }
  return await new Promise<number>((resolve) => {
    const stop = () => {
      for (const c of clients) c.end();
      server.close();
      void closeWatcher().then(() => resolve(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Watches content/ and the config's folder; the output folder (which may sit inside) and tool folders are left out. */
async function watchSources(config: string, outDir: string, onChange: (event: string, file: string) => void): Promise<() => Promise<void>> {
  const { watch } = await import('chokidar');
  const root = path.dirname(path.dirname(path.resolve(config)));
  // The output's own writes must not trigger builds.
  const ignored = (file: string) => file === outDir || file.startsWith(outDir + path.sep) || /(^|[\\/])(node_modules|\.git|\.docsgen-cache)([\\/]|$)/.test(file);
  const watcher = watch([path.join(root, 'content'), path.dirname(path.resolve(config))], { ignoreInitial: true, ignored });
  watcher.on('all', onChange);
  return () => watcher.close();
}

/** The live-reload client: reloads on a good build, shows an overlay with the errors of a bad one. */
function injectLiveReload(html: string): string {
  const script = `<script>(function(){var es=new EventSource(${JSON.stringify(EVENTS_PATH)});var box;es.addEventListener('reload',function(){location.reload()});es.addEventListener('build-error',function(e){if(!box){box=document.createElement('div');box.id='docsgen-error-overlay';box.setAttribute('role','alert');box.style.cssText='position:fixed;inset:0;z-index:9999;background:rgba(20,20,30,.92);color:#ffd7d7;font:14px/1.5 ui-monospace,monospace;padding:32px;white-space:pre-wrap;overflow:auto';document.body.appendChild(box)}box.textContent='docsgen build failed\\n\\n'+JSON.parse(e.data)})})()</script>`;
  return html.replace('</body>', `${script}</body>`);
}
