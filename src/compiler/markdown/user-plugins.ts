// The writers' own remark and rehype plugins, named in the config's `docs` as Docusaurus names them.
// They are functions, which cannot be sent to a transform worker: a worker is told the config file
// and the plugins' key, and loads the config itself.
import type { PluggableList } from 'unified';
import type { DocsgenConfig } from '../config-schema.ts';

/** Where docsgen's pipeline runs each list (see createProcessor in transform-markdown.ts). */
export interface MarkdownPlugins {
  /** Before docsgen's remark plugin (directives, headings, links): they see the tree as parsed. */
  beforeRemark: PluggableList;
  /** After it, before the markdown becomes HTML. */
  remark: PluggableList;
  /** On the HTML tree as the markdown made it. */
  beforeRehype: PluggableList;
  /** After those, before docsgen highlights code (Docusaurus highlights in the browser, after every plugin). */
  rehype: PluggableList;
}

/**
 * Plain data naming a config's plugins: its file, and the hash of the config as bundled with what
 * it imports (the plugins' code included), which transform cache keys hold.
 */
export interface PluginsRef {
  configFile: string;
  key: string;
}

/** The config's plugin lists, or undefined when it names none. */
export function markdownPluginsOf(user: DocsgenConfig): MarkdownPlugins | undefined {
  const docs = user.docs ?? {};
  const plugins: MarkdownPlugins = {
    beforeRemark: (docs.beforeDefaultRemarkPlugins ?? []) as PluggableList,
    remark: (docs.remarkPlugins ?? []) as PluggableList,
    beforeRehype: (docs.beforeDefaultRehypePlugins ?? []) as PluggableList,
    rehype: (docs.rehypePlugins ?? []) as PluggableList,
  };
  return Object.values(plugins).some((list) => list.length > 0) ? plugins : undefined;
}

const loaded = new Map<string, Promise<MarkdownPlugins>>();

/** This thread loaded the config already: its plugins are used as they are. */
export function rememberPlugins(ref: PluginsRef, plugins: MarkdownPlugins): void {
  loaded.set(ref.key, Promise.resolve(plugins));
}

/** The plugins a ref names: remembered, or (in a worker) loaded from the config file once. */
export function pluginsOf(ref: PluginsRef): Promise<MarkdownPlugins> {
  let found = loaded.get(ref.key);
  if (!found) {
    // Loaded only here: a worker of a site without plugins never starts esbuild.
    found = import('../load-config.ts').then(async ({ loadConfig }) => {
      const config = await loadConfig(ref.configFile);
      const plugins = config.markdownPlugins && markdownPluginsOf(config.user);
      if (!plugins || config.markdownPlugins!.key !== ref.key) throw new Error(`docsgen: ${ref.configFile} changed while pages were being transformed`);
      return plugins;
    });
    loaded.set(ref.key, found);
  }
  return found;
}
