// `docsgen serve [--watch]`: build once, serve the output like a static host, and with --watch
// rebuild on every change, reload open pages, and show a broken edit without dropping the last good site.
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { build, BuildSuperseded } from '../compiler/build.ts';
import { Site } from '../compiler/site.ts';
import type { ChangeHint, SourcePage } from '../compiler/collect-docs.ts';
import { IncrementalWriter } from '../compiler/write-output.ts';
import { SearchIndexState } from '../compiler/index-search.ts';
import { DocsgenError, formatDiagnostic } from '../compiler/errors.ts';
import { createStaticServer } from './static-server.ts';
import { onStopSignal } from './stop-signals.ts';
import { stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { loadConfig, sourcePaths, type SourcePaths } from '../compiler/load-config.ts';
import { checkOutputFolder } from '../compiler/output-folder.ts';
import { cacheDirOf } from '../compiler/persistent-cache.ts';
import type { FSWatcher } from 'chokidar';

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
/**
 * How long a rebuild after a save waits for the open pages, told to reload, to ask for theirs: the
 * site makes a page at once, and a rebuild of a large site would hold the thread that makes it.
 */
const RELOAD_GRACE_MS = 500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function serve(opts: ServeOptions): Promise<number> {
  const started = performance.now();
  const outDir = path.resolve(opts.out);
  // Paths reach open pages relative to the project (the config's folder until a config is loaded).
  let projectRoot = path.dirname(path.resolve(opts.config));
  // The writers' loop keeps one site between builds and answers pages from it; drafts included.
  // Remote pages as last downloaded, or from their snapshots: a save must not wait for the network.
  const site = new Site({ config: opts.config, drafts: opts.watch, remote: 'local' });
  const sink = opts.watch ? new IncrementalWriter(outDir) : undefined;
  // The writers' loop brings the search index up to date after each build, into the served folder.
  const search = sink ? new SearchIndexState(sink) : undefined;
  let redirects = new Map<string, string>();
  const live = new LiveReload();
  const searchLater = new WhenIdle(SEARCH_IDLE_MS);
  let built = false;
  let watcher: SourceWatcher | undefined;
  // Saves of files that are no page (a static file, the config) show once a build made after them
  // has written the output: saves are numbered as the watcher reports them, and each build knows
  // the last save it read.
  let saves = 0;
  /** The last save of a file that is no page not yet shown; 0 for none. */
  let fileSaveToShow = 0;
  /** The last save read by a build that has written the output. */
  let savesWritten = 0;
  // Nothing is answered from the output folder until the build has found it may be the output
  // (output-folder.ts): `--out ..` would have served the folder around the project.
  let outputChecked = false;
  let refused!: (code: number) => void;
  const outputRefused = new Promise<number>((resolve) => (refused = resolve));
  const refusedFolder = (e: unknown) => e instanceof DocsgenError && e.diagnostics.some((d) => d.rule === 'output-folder');

  const rebuild = async (): Promise<boolean> => {
    const t0 = performance.now();
    const reads = saves;
    // After the first build, a save stops the build running (it pauses every few milliseconds to
    // let the save and the page asked for in): the build queued behind the save replaces it. At
    // 10,000 pages a rebuild after a one-page save holds the thread for a second or more, and a
    // writer saving again meanwhile waited for it. The first build is never stopped: it is the
    // one that makes the output, and the transforms behind it are too many to start again.
    const generation = site.generation;
    const superseded = !opts.watch ? undefined : built ? () => site.generation !== generation : () => false;
    try {
      const result = await build({
        config: opts.config,
        outDir: opts.out,
        site,
        sink,
        search,
        keepThreadFree: opts.watch && !built,
        drafts: opts.watch,
        ...(superseded ? { superseded } : {}),
      });
      redirects = result.redirects;
      outputChecked = true;
      projectRoot = result.config.rootDir;
      const sources = sourcePaths(result.config);
      watcher?.add({ dirs: [...sources.dirs, ...new Set(result.images.map((f) => path.dirname(f)))], files: sources.files });
      // The pages served before the first build was done were made by the same site: nothing to reload.
      const first = !built;
      built = true;
      // Worker threads transformed the pages of the first build: this thread's highlighter has
      // compiled nothing of the grammars yet, and the first page a save makes again would wait for it.
      if (first && opts.watch) void site.warmUp().catch(() => {});
      const recovered = live.error !== undefined;
      live.error = undefined;
      for (const w of result.warnings) console.warn(formatDiagnostic(w));
      console.log(`docsgen: built ${result.pageCount} pages in ${Math.round(performance.now() - t0)} ms`);
      if (opts.verbose) console.log(`stages (ms): ${JSON.stringify(result.timings)}`);
      // Open pages were told of the save already (see below), and their pages come from the site:
      // only pages showing the error overlay of the build before need loading again.
      const changedFiles = !sink || sink.written.length > 0 || sink.removed.length > 0;
      savesWritten = reads;
      const fileSaveWritten = fileSaveToShow > 0 && reads >= fileSaveToShow;
      if (fileSaveWritten) fileSaveToShow = 0;
      if ((!opts.watch && changedFiles && !first) || recovered || (fileSaveWritten && changedFiles)) live.send('reload', '');
      // The newest build's index is the one made (it stops an older one halfway); a save that
      // changed nothing does not push the moment back.
      if (result.searchLater) searchLater.set(result.searchLater, changedFiles);
      return true;
    } catch (e) {
      if (e instanceof BuildSuperseded) {
        if (opts.verbose) console.log(`docsgen: build stopped after ${Math.round(performance.now() - t0)} ms for a newer save`);
        return false;
      }
      console.error(e instanceof DocsgenError ? e.message : String((e as Error)?.stack ?? e));
      if (refusedFolder(e) || !opts.watch) {
        console.error('docsgen: build failed');
        refused(1);
        return false;
      }
      console.error(built ? 'docsgen: build failed; still serving the last good build' : 'docsgen: build failed; no build has succeeded yet, so pages are made from the sources when asked');
      projectRoot = await loadConfig(opts.config).then(
        (c) => c.rootDir,
        () => projectRoot,
      );
      live.error = clientMessage(e, projectRoot);
      live.send('build-error', live.error);
      return false;
    }
  };

  /** Resolved when the next page is served. */
  let pageWaiters: (() => void)[] = [];
  const nextPageServed = () => new Promise<void>((resolve) => pageWaiters.push(resolve));
  const pageServed = () => {
    const waiting = pageWaiters;
    pageWaiters = [];
    for (const resolve of waiting) resolve();
  };
  const firstPageServed = nextPageServed();
  /** Pages being made from the site now, and who waits for there to be none. */
  let making = 0;
  let idleWaiters: (() => void)[] = [];
  const noPageBeingMade = () => (making === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)));
  /**
   * Pages come from the site, made when asked (at once, before the first build is done), except
   * after a failed build: then the last good build's output is served as it is. With no good
   * build yet, pages are made from the sources as they are now.
   */
  const fromSite = async (urlPath: string) => {
    if (built && live.error !== undefined) return undefined;
    making++;
    const made = await site
      .respond(urlPath)
      .catch((e: unknown) => {
        // The build reports a problem in the sources, with the overlay; anything else is a bug to show here.
        if (!(e instanceof DocsgenError)) console.error(`docsgen: could not render ${urlPath}: ${(e as Error)?.stack ?? e}`);
        return undefined;
      })
      .finally(() => {
        if (--making > 0) return;
        const waiting = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiting) resolve();
      });
    if (!built) redirects = (await site.state().catch(() => undefined))?.redirects ?? redirects;
    if (made?.name === 'index.html') pageServed();
    return made;
  };
  if (!opts.watch && !(await rebuild())) return 1;

  const server = createStaticServer({
    root: () => (outputChecked ? outDir : undefined),
    redirects: () => redirects,
    transformHtml: opts.watch ? injectLiveReload : undefined,
    onDemand: opts.watch ? fromSite : undefined,
    extraRoutes: opts.watch ? (req, res) => live.route(req, res) : undefined,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  console.log(`docsgen: serving ${opts.out}/ at http://${opts.host}:${port}/ (ready in ${Math.round(performance.now() - started)} ms)`);

  if (opts.watch) {
    // Redirects are answered from the start; reading the sources now also readies the first page.
    void site.state().then(
      async (s) => {
        redirects = built ? redirects : s.redirects;
        await checkOutputFolder(outDir, s.site.config, cacheDirOf({}, s.site.config), process.cwd()).then(
          () => (outputChecked = true),
          (e: unknown) => {
            if (!refusedFolder(e)) return;
            console.error((e as Error).message);
            refused(1);
          },
        );
      },
      () => {},
    );
    // The watcher and the first full build wait for the first page asked for (or a moment without
    // one, and then for the pages being made): scanning the folders and transforming every page
    // would take the cores that page needs (at 10,000 pages the first page takes longer than the
    // moment, and the watcher's scan of the folders went in front of it). Anything saved before
    // the build starts is in it.
    let timer: NodeJS.Timeout | undefined;
    let queued = false;
    let running: Promise<unknown> = Promise.race([firstPageServed, delay(FIRST_BUILD_GRACE_MS).then(noPageBeingMade)]).then(async () => {
      // Ready before the build starts: the build reads every file, the watcher reports what changes after.
      // Each file saved since the last reload, with the page it gave before.
      let saved = new Map<string, SourcePage | undefined>();
      watcher = await watchSources(await initialSourcePaths(opts.config), outDir, (event, file) => {
        const abs = path.resolve(file);
        if (!saved.has(abs)) saved.set(abs, site.pageOf(abs));
        site.invalidate(changeOf(event, file));
        clearTimeout(timer);
        timer = setTimeout(() => {
          // Saves made while a build runs are all read by the one build queued behind it.
          if (!queued) {
            queued = true;
            const reloaded = nextPageServed();
            running = running.then(async () => {
              await Promise.race([reloaded, delay(RELOAD_GRACE_MS)]);
              queued = false;
              return rebuild();
            });
          }
          // Open pages show the edit at once, whatever the size of the site: they are made from
          // the site, which makes again only the page asked for; the build follows, and shows its
          // errors in them if it fails. A save that changes nothing leaves them alone.
          const files = saved;
          const save = ++saves;
          saved = new Map();
          // Pages showing a failed build's errors come from the last good build's files: the next good build reloads them.
          void site.savesChange(files).then((changed) => {
            if (changed === 'pages' && live.error === undefined) live.send('reload', '');
            if (changed !== 'files') return;
            // The build that read it may be done already.
            if (savesWritten >= save) live.send('reload', '');
            else fileSaveToShow = Math.max(fileSaveToShow, save);
          });
        }, DEBOUNCE_MS);
      });
      // What was saved before the watcher was ready is found by reading the sources again (files
      // whose size and time did not change are not read).
      site.invalidate();
      return rebuild();
    });
  }
  return await new Promise<number>((resolve) => {
    let stopping = false;
    // Idempotent: a second Ctrl+C while stopping changes nothing.
    const stop = (code: number) => {
      if (stopping) return;
      stopping = true;
      live.close();
      server.close();
      server.closeAllConnections();
      void (watcher?.close() ?? Promise.resolve()).then(() => resolve(code));
    };
    onStopSignal(() => stop(0));
    void outputRefused.then(stop);
  });
}

/** The open pages' channel (server-sent events): reload, or show the errors of a failed build. */
class LiveReload {
  private readonly clients = new Set<ServerResponse>();
  /** The failed build's message, shown to pages opened until a build succeeds. */
  error: string | undefined;

  /** Answers the events path; false for any other request. */
  route(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.url !== EVENTS_PATH) return false;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': connected\n\n');
    if (this.error) res.write(`event: build-error\ndata: ${JSON.stringify(this.error)}\n\n`);
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
    return true;
  }

  send(event: 'reload' | 'build-error', data: string): void {
    const payload = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of this.clients) c.write(payload);
  }

  close(): void {
    for (const c of this.clients) c.end();
  }
}

/** Runs the newest task given once nothing new has come for `ms`. */
class WhenIdle {
  private timer: NodeJS.Timeout | undefined;
  private task: (() => Promise<void>) | undefined;
  constructor(private readonly ms: number) {}

  /** `restart: false` keeps a wait already running (a save that changed nothing). */
  set(task: () => Promise<void>, restart: boolean): void {
    this.task = task;
    if (this.timer && !restart) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.task?.();
    }, this.ms);
  }
}

/** What the watcher reported, as the site core takes it: a file added or removed changes the listing. */
function changeOf(event: string, file: string): ChangeHint {
  return { files: new Set([path.resolve(file)]), structural: event !== 'change' };
}

/**
 * What open pages are told of a failed build: docsgen's diagnostics with project-relative paths;
 * for anything else (a bug), only that the terminal has the details, never a stack.
 */
function clientMessage(e: unknown, projectRoot: string): string {
  if (!(e instanceof DocsgenError)) return 'docsgen hit an internal error: the terminal running docsgen serve shows it';
  return e.message.split(projectRoot + path.sep).join('');
}

/** The folders and files being watched; more are added when the config names more. */
interface SourceWatcher {
  add(paths: SourcePaths): void;
  close(): Promise<void>;
}

/** What the site reads, from its config; if the config does not load yet, its folder (an edit will fix it, and the build after adds the rest). */
async function initialSourcePaths(configPath: string): Promise<SourcePaths> {
  return loadConfig(configPath)
    .then(sourcePaths)
    .catch(() => ({ dirs: [path.dirname(path.resolve(configPath))], files: [] }));
}

/**
 * Watches the site's sources, once chokidar is ready; the output folder (which may sit inside) and
 * tool folders are left out. Folders are watched with all below them, and only if they exist:
 * chokidar watches the parent of a missing one and reads all of it again at every change there.
 * A single file is watched through its folder's own entries, as a watch on the file itself ends
 * when the file is deleted, and would miss it being written again.
 */
async function watchSources(initial: SourcePaths, outDir: string, reported: (event: string, file: string) => void): Promise<SourceWatcher> {
  const { watch } = await import('chokidar');
  const onChange = withLateChanges(reported);
  // The output's own writes must not trigger builds.
  const ignored = (file: string) => file === outDir || file.startsWith(outDir + path.sep) || /(^|[\\/])(node_modules|\.git|\.docsgen-cache)([\\/]|$)/.test(file);
  const dirs = new Set<string>();
  const files = new Set<string>();
  const parents = new Set<string>();
  const watchers: FSWatcher[] = [];
  let tree: FSWatcher | undefined;
  let single: FSWatcher | undefined;
  const within = (p: string) => [...dirs].some((d) => p === d || p.startsWith(d + path.sep));
  const add = ({ dirs: moreDirs, files: moreFiles }: SourcePaths) => {
    const freshDirs = moreDirs.filter((d) => !within(d) && existsSync(d));
    for (const d of freshDirs) dirs.add(d);
    if (freshDirs.length && tree) tree.add(freshDirs);
    else if (freshDirs.length) {
      watchers.push((tree = watch(freshDirs, { ignoreInitial: true, ignored })));
      tree.on('all', onChange);
    }
    const freshFiles = moreFiles.filter((f) => !files.has(f) && !within(f) && existsSync(path.dirname(f)));
    for (const f of freshFiles) files.add(f);
    const freshParents = [...new Set(freshFiles.map((f) => path.dirname(f)))].filter((d) => !parents.has(d));
    for (const d of freshParents) parents.add(d);
    if (freshParents.length && single) single.add(freshParents);
    else if (freshParents.length) {
      watchers.push((single = watch(freshParents, { ignoreInitial: true, depth: 0, ignored: (p: string) => !parents.has(p) && !files.has(p) })));
      single.on('all', (event, file) => files.has(path.resolve(file)) && onChange(event, file));
    }
  };
  add(initial);
  await Promise.all(watchers.map((w) => new Promise<void>((resolve) => w.once('ready', resolve))));
  return { add, close: async () => void (await Promise.all(watchers.map((w) => w.close()))) };
}

/** How long chokidar keeps quiet about a file after reporting a change to it. */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;

/**
 * chokidar drops a change to a file that comes within 50 ms of the one it reported before, and
 * reports nothing once that time is over: a file saved twice in quick succession (a formatter
 * run on save) was built as the first save left it. Each change is checked once more after that
 * time, and reported again if the file changed since.
 */
function withLateChanges(onChange: (event: string, file: string) => void): (event: string, file: string) => void {
  const version = (file: string) =>
    stat(file).then(
      (s) => `${s.size}:${s.mtimeMs}`,
      () => undefined,
    );
  return (event, file) => {
    onChange(event, file);
    if (event !== 'change') return;
    const seen = version(file);
    setTimeout(async () => {
      const now = await version(file);
      if (now !== undefined && now !== (await seen)) onChange('change', file);
    }, CHOKIDAR_CHANGE_THROTTLE_MS + 20).unref();
  };
}

/** The live-reload client: reloads on a good build, shows an overlay with the errors of a bad one. */
function injectLiveReload(html: string): string {
  const script = `<script>(function(){var es=new EventSource(${JSON.stringify(EVENTS_PATH)});var box;es.addEventListener('reload',function(){location.reload()});es.addEventListener('build-error',function(e){if(!box){box=document.createElement('div');box.id='docsgen-error-overlay';box.setAttribute('role','alert');box.style.cssText='position:fixed;inset:0;z-index:9999;background:rgba(20,20,30,.92);color:#ffd7d7;font:14px/1.5 ui-monospace,monospace;padding:32px;white-space:pre-wrap;overflow:auto';document.body.appendChild(box)}box.textContent='docsgen build failed\\n\\n'+JSON.parse(e.data)})})()</script>`;
  return html.replace('</body>', `${script}</body>`);
}
