// Writing sitemaps and sitemap indexes as Web Streams (sitemaps.org 0.9): entries in, UTF-8 (or
// gzip) bytes out, through the same SitemapWriter as serializeSitemap, so the bytes are the same.

import { createGzipStream } from '../input/gzip';
import { SitemapWriter, type SitemapEntryInput, type SitemapIndexEntryInput, type SitemapUrlInput } from '../write/serialize';
import type { OutputBytes, SerializeOptions, SitemapKind } from '../model/types';

/**
 * Entries collected before they are written in one batch: enough to amortize a call into the
 * core (about 40 KB of output for typical urls), few enough to keep memory flat.
 */
const BATCH_ENTRIES = 256;

/** A chunk of a serializer stream: one entry, or an array of them (fewer chunks, less overhead). */
type EntryChunk<Kind extends SitemapKind> = SitemapEntryInput<Kind> | readonly SitemapEntryInput<Kind>[];

function serializerStream<Kind extends SitemapKind>(kind: Kind, options: SerializeOptions): ReadableWritablePair<OutputBytes, EntryChunk<Kind>> {
  let output: TransformStreamDefaultController<OutputBytes> | undefined;
  // Made here, so that bad options throw from the constructor; its bytes go to the readable side.
  const writer = new SitemapWriter<Kind>({ kind, stylesheet: options.stylesheet, pretty: options.pretty, onData: (bytes) => output!.enqueue(bytes) });
  let batch: SitemapEntryInput<Kind>[] = [];
  const stream = new TransformStream<EntryChunk<Kind>, OutputBytes>({
    start(controller) {
      output = controller;
    },
    transform(chunk) {
      if (Array.isArray(chunk)) {
        // A batch already: written as it is, after what came before it.
        if (batch.length > 0) writer.write(batch);
        batch = [];
        writer.push(chunk as readonly SitemapEntryInput<Kind>[]);
      } else {
        batch.push(chunk as SitemapEntryInput<Kind>);
        if (batch.length < BATCH_ENTRIES) return;
        writer.push(batch);
        batch = [];
      }
    },
    flush() {
      writer.push(batch, true);
      batch = [];
    },
  });
  if (!options.gzip) return stream;
  return { writable: stream.writable, readable: stream.readable.pipeThrough(createGzipStream()) };
}

/**
 * A `TransformStream` from url entries (`SitemapUrlInput`: strings or `URL`s, `Date`s, numbers)
 * to the bytes of one sitemap: the XML declaration and `<urlset>` first, `</urlset>` when the
 * writable side closes. The bytes are exactly what `serializeSitemap` makes of the same entries
 * (same options: `stylesheet`, `pretty`); `{ gzip: true }` gzips them as they leave. A value that
 * cannot be written errors the stream with `SERIALIZE_INVALID_VALUE` and its path. It does not
 * split: mind the 50,000-URL and 50 MB limits, or use `writeSitemaps`. Chunks may also be arrays
 * of entries: in Node every chunk of a Web stream costs a microsecond or two, so batches are
 * several times faster than single entries.
 *
 * @example
 * await productsAsStream() // ReadableStream<SitemapUrlInput> (or of arrays of them)
 *   .pipeThrough(new SitemapSerializerStream({ gzip: true }))
 *   .pipeTo(destination);
 */
export class SitemapSerializerStream implements TransformStream<SitemapUrlInput | readonly SitemapUrlInput[], OutputBytes> {
  readonly readable: ReadableStream<OutputBytes>;
  readonly writable: WritableStream<SitemapUrlInput | readonly SitemapUrlInput[]>;

  constructor(options: SerializeOptions = {}) {
    const { readable, writable } = serializerStream('urlset', options ?? {});
    this.readable = readable;
    this.writable = writable;
  }
}

/**
 * The same as {@link SitemapSerializerStream} for a sitemap index: `SitemapIndexEntryInput`
 * entries in, the bytes of `<sitemapindex>` out (what `serializeSitemapIndex` makes).
 *
 * @example
 * const response = new Response(
 *   ReadableStream.from(sitemapFiles).pipeThrough(new SitemapIndexSerializerStream()),
 *   { headers: { 'content-type': 'application/xml' } },
 * );
 */
export class SitemapIndexSerializerStream implements TransformStream<SitemapIndexEntryInput | readonly SitemapIndexEntryInput[], OutputBytes> {
  readonly readable: ReadableStream<OutputBytes>;
  readonly writable: WritableStream<SitemapIndexEntryInput | readonly SitemapIndexEntryInput[]>;

  constructor(options: SerializeOptions = {}) {
    const { readable, writable } = serializerStream('sitemapindex', options ?? {});
    this.readable = readable;
    this.writable = writable;
  }
}
