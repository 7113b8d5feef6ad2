import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import { type ArchivePart, MANIFEST_CHECKSUM_NAME, MANIFEST_NAME, type Manifest, manifestSchema } from './manifest.js';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A stream that passes bytes through and counts and hashes them. */
function hashing() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/**
 * An archive being written to `file`: parts in, then the manifest (and its checksum) last. A backup's
 * manifest is `Manifest`; an organization's export writes its own (modules/exports/organization-archive.ts).
 */
export async function archiveWriter<M extends object = Manifest>(file: string) {
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  const add = async (name: string, size: number, body: Readable): Promise<ArchivePart> => {
    const hashed = hashing();
    const entry = pack.entry({ name, size, mode: 0o600 });
    await pipeline(body, hashed.stream, entry);
    const { bytes, sha256: digest } = hashed.result();
    if (bytes !== size) throw new Error(`${name} changed while it was copied (${bytes} bytes, not ${size})`);
    return { name, bytes, sha256: digest };
  };
  return {
    add,
    // Large reads: a PGlite server copies its dump on the thread that answers its requests.
    addFile: async (name: string, path: string) =>
      add(name, (await stat(path)).size, createReadStream(path, { highWaterMark: 4 * 1024 * 1024 })),
    async finish(manifest: M) {
      const text = `${JSON.stringify(manifest, null, 2)}\n`;
      pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, text);
      pack.entry({ name: MANIFEST_CHECKSUM_NAME, mode: 0o600 }, `${sha256(text)}\n`);
      pack.finalize();
      await written;
    },
    abort(error: Error) {
      pack.destroy(error);
    },
  };
}

/** Reads a part to its end, keeping nothing (a check that only hashes it). */
const drain = async (stream: Readable) => {
  stream.resume();
};

/** One entry met while reading an archive: its name, and its bytes to read or skip. */
export type PartVisitor = (name: string, body: Readable) => Promise<void>;

/**
 * Reads an archive once, hashing every entry, and hands each part (not the manifest) to `visit`.
 * Returns the manifest once its checksum, every part's size and checksum, and the list of parts
 * agree; throws naming the first thing that does not (a truncated archive has no manifest).
 */
export async function readArchive(file: string, visit?: PartVisitor): Promise<Manifest> {
  const extract = tar.extract();
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | undefined;
  let manifestChecksum: string | undefined;
  extract.on('entry', (header, body, next) => {
    const name = header.name;
    const hashed = hashing();
    const chunks: Buffer[] = [];
    const isManifest = name === MANIFEST_NAME || name === MANIFEST_CHECKSUM_NAME;
    const sink = isManifest
      ? new Transform({
          transform(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        })
      : new PassThrough();
    const handled = isManifest
      ? pipeline(body, hashed.stream, sink)
      : Promise.all([pipeline(body, hashed.stream, sink), visit ? visit(name, sink) : drain(sink)]);
    Promise.resolve(handled).then(
      () => {
        if (name === MANIFEST_NAME) manifestText = Buffer.concat(chunks).toString('utf8');
        else if (name === MANIFEST_CHECKSUM_NAME) manifestChecksum = Buffer.concat(chunks).toString('utf8').trim();
        else seen.set(name, hashed.result());
        next();
      },
      (error: Error) => extract.destroy(error),
    );
  });
  await pipeline(createReadStream(file), extract);

  if (manifestText === undefined || manifestChecksum === undefined) {
    throw new Error('the archive is incomplete: it ends before its manifest (a copy cut short?)');
  }
  if (sha256(manifestText) !== manifestChecksum) throw new Error('the manifest does not match its checksum');
  const manifest = manifestSchema.parse(JSON.parse(manifestText));
  for (const part of [manifest.database, ...manifest.files.entries]) {
    const found = seen.get(part.name);
    if (!found) throw new Error(`the archive lacks ${part.name}`);
    if (found.bytes !== part.bytes || found.sha256 !== part.sha256) {
      throw new Error(`${part.name} does not match its checksum: the archive was changed or damaged`);
    }
    seen.delete(part.name);
  }
  if (seen.size > 0)
    throw new Error(`the archive holds parts its manifest does not name: ${[...seen.keys()].slice(0, 3).join(', ')}`);
  return manifest;
}
