package io.github.ycsbtiers.tiered.store.internal;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Iterator;
import java.util.function.ObjIntConsumer;

/**
 * The list of keys the DRAM tier held when the store was closed, hottest first, each with its
 * recent read count, kept in the store's directory so that the next open can fill DRAM with them
 * and rank them as the last process did ({@code tiered.warmup=saved}). Only keys and counts are
 * kept, never values: values are read from the persistent tier at open, so a stale or partly
 * written list can cost hits, never correctness.
 *
 * <p>Format: the magic line, then per key a 4-byte length, its UTF-8 bytes and a 1-byte read
 * count, then a length of -1. A file without that end marker (a crash while writing it) is not
 * used. It is written to a temporary file and renamed over the old one. The first format (magic
 * line {@code ycsb-tiered dram keys 1}, no counts) is still read, its keys counting no reads.
 */
public final class DramKeys {
  public static final String FILE = "dram-keys";
  private static final byte[] MAGIC = "ycsb-tiered dram keys 2\n".getBytes(StandardCharsets.US_ASCII);
  /** The first format: keys without counts. */
  private static final byte[] MAGIC_KEYS_ONLY = "ycsb-tiered dram keys 1\n".getBytes(StandardCharsets.US_ASCII);
  /** The highest count a list holds (one byte). */
  static final int MAX_READS = 255;
  private static final int END = -1;
  private static final int BUFFER = 1 << 16;
  /** Longer than any engine's key (LMDB: 511 bytes; RocksDB keys are kept short by the binding). */
  private static final int MAX_KEY_BYTES = 1 << 20;

  private DramKeys() {
  }

  /** A saved key and its recent read count. */
  public record SavedKey(String key, int reads) {
  }

  /** Writes {@code keys} (hottest first) as the directory's list; returns how many. */
  public static long save(Path dir, Iterator<SavedKey> keys) throws IOException {
    Path tmp = dir.resolve(FILE + ".tmp");
    long n = 0;
    try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp), BUFFER))) {
      out.write(MAGIC);
      while (keys.hasNext()) {
        SavedKey key = keys.next();
        byte[] k = key.key().getBytes(StandardCharsets.UTF_8);
        out.writeInt(k.length);
        out.write(k);
        out.writeByte(Math.max(0, Math.min(MAX_READS, key.reads())));
        n++;
      }
      out.writeInt(END);
    }
    Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return n;
  }

  /**
   * Hands every saved key with its read count, hottest first, to {@code sink}; returns how many. 0 when there is no
   * list; an {@link IOException} when it is unreadable or incomplete, possibly after some keys were
   * handed over (the caller discards them: a list without its end marker is not used).
   */
  public static long load(Path dir, ObjIntConsumer<String> sink) throws IOException {
    Path file = dir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return 0;
    }
    long n = 0;
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), BUFFER))) {
      byte[] magic = new byte[MAGIC.length];
      in.readFully(magic);
      boolean counted = Arrays.equals(magic, MAGIC);
      if (!counted && !Arrays.equals(magic, MAGIC_KEYS_ONLY)) {
        throw new IOException(file + " is not a list of DRAM keys");
      }
      for (int len = in.readInt(); len != END; len = in.readInt()) {
        if (len <= 0 || len > MAX_KEY_BYTES) {
          throw new IOException(file + " is damaged: a key of " + len + " bytes");
        }
        byte[] k = new byte[len];
        in.readFully(k);
        int reads = counted ? in.readUnsignedByte() : 0;
        sink.accept(new String(k, StandardCharsets.UTF_8), reads);
        n++;
      }
    } catch (EOFException e) {
      throw new IOException(file + " is incomplete (no end marker)", e);
    }
    return n;
  }
}
