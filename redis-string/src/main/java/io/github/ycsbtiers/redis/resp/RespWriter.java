package io.github.ycsbtiers.redis.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;

/**
 * Writes commands in RESP2 (an array of bulk strings) into a buffer of the connection's allocator
 * (pooled, direct), sized before writing so that it is never grown.
 */
public final class RespWriter {
  private static final byte[] CRLF = {'\r', '\n'};

  private RespWriter() {
  }

  /** The command {@code name args...} as one buffer. */
  public static ByteBuf command(ByteBufAllocator alloc, byte[] name, byte[]... args) {
    int size = header(args.length + 1) + bulkSize(name.length);
    for (byte[] a : args) {
      size += bulkSize(a.length);
    }
    ByteBuf out = alloc.ioBuffer(size);
    writeLength(out, '*', args.length + 1);
    bulk(out, name);
    for (byte[] a : args) {
      bulk(out, a);
    }
    return out;
  }

  /** The command {@code name key} (GET, DEL, EXISTS, HGETALL): no argument array. */
  public static ByteBuf command(ByteBufAllocator alloc, byte[] name, byte[] key) {
    ByteBuf out = alloc.ioBuffer(header(2) + bulkSize(name.length) + bulkSize(key.length));
    writeLength(out, '*', 2);
    bulk(out, name);
    bulk(out, key);
    return out;
  }

  /** The command {@code name key value} (SET): no argument array. */
  public static ByteBuf command(ByteBufAllocator alloc, byte[] name, byte[] key, byte[] value) {
    ByteBuf out = alloc.ioBuffer(header(3) + bulkSize(name.length) + bulkSize(key.length) + bulkSize(value.length));
    writeLength(out, '*', 3);
    bulk(out, name);
    bulk(out, key);
    bulk(out, value);
    return out;
  }

  /** The ASCII bytes of a command name or argument. */
  public static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static void bulk(ByteBuf out, byte[] value) {
    writeLength(out, '$', value.length);
    out.writeBytes(value);
    out.writeBytes(CRLF);
  }

  private static int bulkSize(int length) {
    return header(length) + length + 2;
  }

  /** Bytes of a type byte, a decimal length and CRLF. */
  private static int header(int length) {
    return 1 + digits(length) + 2;
  }

  private static void writeLength(ByteBuf out, char type, int length) {
    out.writeByte(type);
    int n = digits(length);
    int at = out.writerIndex();
    out.writerIndex(at + n);
    int v = length;
    for (int i = n - 1; i >= 0; i--) {
      out.setByte(at + i, '0' + v % 10);
      v /= 10;
    }
    out.writeBytes(CRLF);
  }

  private static int digits(int v) {
    int n = 1;
    while (v >= 10) {
      v /= 10;
      n++;
    }
    return n;
  }
}
