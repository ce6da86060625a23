package io.github.ycsbtiers.redis.resp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.DecoderException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads RESP2 replies from the bytes of one connection and hands each complete reply to the
 * connection, in order, on its event loop (values as {@link RespCallback#reply} describes them; an
 * error reply as a {@link RespErrorReply}). A reply split over reads waits, cumulated, for the rest.
 */
final class RespReplyDecoder extends ByteToMessageDecoder {
  /** Longest line (type byte, a number or a simple string, CRLF) that a reply may start with. */
  private static final int MAX_LINE = 64 * 1024;
  private static final Object INCOMPLETE = new Object();
  private static final Object NIL = new Object();
  private static final String OK = "OK";
  private final Consumer<Object> replies;

  RespReplyDecoder(Consumer<Object> replies) {
    this.replies = replies;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (in.isReadable()) {
      Object reply = parse(in);
      if (reply == INCOMPLETE) {
        return;
      }
      replies.accept(reply == NIL ? null : reply);
    }
  }

  /** One whole reply from {@code in}'s reader index (then past it), or INCOMPLETE (reader index unchanged). */
  static Object parse(ByteBuf in) {
    int start = in.readerIndex();
    int end = in.writerIndex();
    if (start >= end) {
      return INCOMPLETE;
    }
    int cr = in.indexOf(start + 1, Math.min(end, start + MAX_LINE), (byte) '\r');
    if (cr < 0 || cr + 1 >= end) {
      if (end - start >= MAX_LINE) {
        throw new DecoderException("RESP: no line end in the first " + MAX_LINE + " bytes of a reply");
      }
      return INCOMPLETE;
    }
    byte type = in.getByte(start);
    int body = cr + 2;
    switch (type) {
      case '+': {
        String s = cr - start == 3 && in.getByte(start + 1) == 'O' && in.getByte(start + 2) == 'K'
            ? OK : in.toString(start + 1, cr - start - 1, StandardCharsets.UTF_8);
        in.readerIndex(body);
        return s;
      }
      case '-': {
        String message = in.toString(start + 1, cr - start - 1, StandardCharsets.UTF_8);
        in.readerIndex(body);
        return new RespErrorReply(message);
      }
      case ':': {
        long n = number(in, start + 1, cr);
        in.readerIndex(body);
        return n;
      }
      case '$': {
        long length = number(in, start + 1, cr);
        if (length < 0) {
          in.readerIndex(body);
          return NIL;
        }
        if (length > Integer.MAX_VALUE - 16) {
          throw new DecoderException("RESP: bulk string of " + length + " bytes");
        }
        if ((long) end - body < length + 2) {
          return INCOMPLETE;
        }
        byte[] value = new byte[(int) length];
        in.getBytes(body, value);
        in.readerIndex(body + (int) length + 2);
        return value;
      }
      case '*': {
        long count = number(in, start + 1, cr);
        if (count < 0) {
          in.readerIndex(body);
          return NIL;
        }
        in.readerIndex(body);
        List<Object> items = new ArrayList<>((int) Math.min(count, 1024));
        for (long i = 0; i < count; i++) {
          Object item = parse(in);
          if (item == INCOMPLETE) {
            in.readerIndex(start);
            return INCOMPLETE;
          }
          items.add(item == NIL ? null : item);
        }
        return items;
      }
      default:
        throw new DecoderException("RESP: a reply cannot start with byte " + (type & 0xff));
    }
  }

  private static long number(ByteBuf in, int from, int to) {
    boolean negative = from < to && in.getByte(from) == '-';
    int i = negative ? from + 1 : from;
    if (i >= to) {
      throw new DecoderException("RESP: empty number");
    }
    long n = 0;
    for (; i < to; i++) {
      byte b = in.getByte(i);
      if (b < '0' || b > '9') {
        throw new DecoderException("RESP: not a number: byte " + (b & 0xff));
      }
      n = n * 10 + (b - '0');
    }
    return negative ? -n : n;
  }
}
