// How `docsgen serve` picks an encoding, and keeps its compressed copies.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedCopies, preferredEncoding } from '../../src/server/compression.ts';
import { tempDir } from '../helpers/run.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('BR;Q=0, GZIP')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe('CompressedCopies', () => {
  it('makes a copy once per version of a file, and removes them all when disposed', async () => {
    const file = path.join(tempDir(), 'page.html');
    writeFileSync(file, '<p>one</p>'.repeat(200));
    const copies = new CompressedCopies();
    const first = (await copies.copyOf(file, statSync(file), 'br'))!;
    expect(brotliDecompressSync(readFileSync(path.join(copies.dir, first.name))).toString()).toBe(readFileSync(file, 'utf8'));
    expect(await copies.copyOf(file, statSync(file), 'br')).toBe(first);
    const gz = (await copies.copyOf(file, statSync(file), 'gzip'))!;
    expect(gunzipSync(readFileSync(path.join(copies.dir, gz.name))).toString()).toBe(readFileSync(file, 'utf8'));
    // Changed: a new copy, of the new bytes.
    writeFileSync(file, '<p>two</p>'.repeat(300));
    const second = (await copies.copyOf(file, statSync(file), 'br'))!;
    expect(second.name).not.toBe(first.name);
    expect(second.source.size).toBe(3000);
    expect(brotliDecompressSync(readFileSync(path.join(copies.dir, second.name))).toString()).toContain('two');
    const dir = copies.dir;
    copies.dispose();
    expect(existsSync(dir)).toBe(false);
  });

  it('has no copy of a file that is gone', async () => {
    const file = path.join(tempDir(), 'gone.html');
    writeFileSync(file, 'x'.repeat(2000));
    const stats = statSync(file);
    const copies = new CompressedCopies();
    rmSync(file);
    expect(await copies.copyOf(file, stats, 'br')).toBeUndefined();
    copies.dispose();
  });
});
