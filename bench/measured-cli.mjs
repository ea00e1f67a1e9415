// Runs the docsgen CLI and, on exit, writes its peak resident memory to $DOCSGEN_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';
import process from 'node:process';

process.on('exit', () => {
  if (process.env.DOCSGEN_BENCH_RSS_FILE) writeFileSync(process.env.DOCSGEN_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024));
});
await import('../bin/docsgen.js');
