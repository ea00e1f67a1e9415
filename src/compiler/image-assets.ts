// Local images that pages use, published with content-hashed names. A relative image path is
// content: it may only publish a file that lies inside the source folders and is an image, by its
// extension and by its first bytes, so `![](../../../etc/passwd)` or a renamed file publishes nothing.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveSourceSync, type SourceRoots } from './source-files.ts';

/** The image formats a page may publish, by extension, with a test of their first bytes. */
const IMAGE_SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  '.png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  '.jpg': isJpeg,
  '.jpeg': isJpeg,
  '.gif': (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  '.webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  '.avif': (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]/.test(b.subarray(8, 12).toString('latin1')),
  '.ico': (b) => b.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0])),
  '.bmp': (b) => b.subarray(0, 2).toString('latin1') === 'BM',
  '.svg': isSvg,
};

function isJpeg(b: Buffer): boolean {
  return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

/** An SVG is XML whose first element is `<svg`, after an optional declaration, comments and doctype. */
function isSvg(b: Buffer): boolean {
  const head = b
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head.replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/** Why a file cannot be published as an image, or undefined when it can. */
export function imageProblem(file: string, bytes: Buffer): string | undefined {
  const ext = path.extname(file).toLowerCase();
  const test = IMAGE_SIGNATURES[ext];
  if (!test) return `${ext || 'a file without an extension'} is not an image format (${Object.keys(IMAGE_SIGNATURES).join(', ')})`;
  if (!test(bytes)) return `its contents are not ${ext.slice(1).toUpperCase()} data`;
  return undefined;
}

/** Local images referenced by pages, copied to the output with content-hashed names. */
export class AssetRegistry {
  /** Absolute path as the page names it → public URL path. */
  readonly urls = new Map<string, string>();
  /** Absolute path as the page names it → the real file to copy. */
  readonly files = new Map<string, string>();
  private readonly problems = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly roots: SourceRoots,
  ) {}

  /**
   * Takes what another registry found of these images, as it found it: for a build that transforms
   * only the pages saved since the other's, when no image file changed since.
   */
  adopt(other: AssetRegistry, images: Set<string>): void {
    for (const abs of images) {
      if (this.urls.has(abs) || this.problems.has(abs)) continue;
      const [url, file, problem] = [other.urls.get(abs), other.files.get(abs), other.problems.get(abs)];
      if (url !== undefined && file !== undefined) {
        this.urls.set(abs, url);
        this.files.set(abs, file);
      } else if (problem !== undefined) this.problems.set(abs, problem);
    }
  }

  /** The public URL of a local image; undefined when the file is missing or cannot be published. */
  imageUrl(abs: string): string | undefined {
    this.resolve(abs);
    return this.urls.get(abs);
  }

  /** Why an existing file cannot be published as an image (a missing one is no problem here). */
  problem(abs: string): string | undefined {
    this.resolve(abs);
    return this.problems.get(abs);
  }

  private resolve(abs: string): void {
    if (this.urls.has(abs) || this.problems.has(abs)) return;
    const found = resolveSourceSync(abs, this.roots);
    if (!found) return;
    if ('outside' in found) {
      this.problems.set(abs, 'the file lies outside the content, site and static folders');
      return;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(found.real);
    } catch {
      this.problems.set(abs, 'the file cannot be read');
      return;
    }
    const problem = imageProblem(abs, bytes);
    if (problem) {
      this.problems.set(abs, problem);
      return;
    }
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const ext = path.extname(abs).toLowerCase();
    // The name is the file's, made safe for a URL and a file name on any host.
    const name = path.basename(abs, path.extname(abs)).replace(/[^\w.-]+/g, '-');
    this.urls.set(abs, `${this.baseUrl}assets/images/${name}-${hash}${ext}`);
    this.files.set(abs, found.real);
  }
}
