declare module 'virtual:docsgen-shell' {
  const shell: import('../shared/types.ts').ShellConfig;
  export default shell;
}
declare module '*.css';
